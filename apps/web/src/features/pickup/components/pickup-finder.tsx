import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { orderIdOfPickupCode } from '@coffee/contract';
import { Button } from '../../../components/ui/button';
import { inputStyles } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { i18n } from '../../../lib/i18n';

/** The browser's barcode reader (Chromium on Android and desktop with a camera); absent elsewhere. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;
const detectorClass = (): DetectorClass | undefined => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Reads QR codes from the camera until one is a pick-up code; `onCode` gets what it carried. */
function CameraScanner({ onCode, onStop }: { onCode: (text: string) => void; onStop: (problem?: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const { t } = useLingui();
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const scan = async () => {
      if (stopped || !video.current) return;
      const found = await detector.detect(video.current).catch(() => []);
      const hit = found.find((f) => orderIdOfPickupCode(f.rawValue) !== null);
      if (hit) onCode(hit.rawValue);
      else setTimeout(() => void scan(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (!video.current || stopped) return;
        video.current.srcObject = s;
        await video.current.play();
        void scan();
      })
      // Worded when the camera fails, in the screens' language of that moment.
      .catch(() => onStop(i18n._(msg`The camera could not be opened: type the code instead.`)));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode, onStop]);
  return <video ref={video} muted playsInline aria-label={t`Camera, pointed at the pick-up QR`} className="mt-3 w-full max-w-sm rounded-2xl bg-black" />;
}

/**
 * "Find by pick-up code" on the staff screens: a typed or pasted code, the QR's address (a hand scanner types it), or
 * the camera where the browser reads QR codes. Opens the order's staff page, where "Mark picked up" is.
 */
export function PickupFinder() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const { t } = useLingui();

  const open = (value: string) => {
    const id = orderIdOfPickupCode(value);
    if (id === null) {
      setProblem(t`That is not a pick-up code: check the letters (like 7KQ2-M) and try again.`);
      return;
    }
    setScanning(false);
    setText('');
    setProblem(null);
    void navigate(paths.staffOrder.getHref(id));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    open(text);
  };

  return (
    <form onSubmit={submit} aria-label={t`Find an order by pick-up code`} className="mx-auto flex max-w-7xl flex-wrap items-start gap-3 px-4 pt-6 sm:px-6 lg:px-8">
      <label htmlFor="pickup-code-input" className="sr-only">
        <Trans>Pick-up code</Trans>
      </label>
      <input
        id="pickup-code-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t`Pick-up code or scan`}
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={problem ? 'pickup-code-problem' : undefined}
        className={inputStyles({ className: 'w-56' })}
      />
      <Button type="submit" variant="primary" size="sm">
        <Trans>Find order</Trans>
      </Button>
      {detectorClass() && (
        <Button variant="outline" size="sm" aria-pressed={scanning} onClick={() => setScanning(!scanning)}>
          {scanning ? t`Stop scanning` : t`Scan QR`}
        </Button>
      )}
      {problem && (
        <p id="pickup-code-problem" role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      )}
      {scanning && (
        <div className="w-full">
          <CameraScanner
            onCode={open}
            onStop={(message) => {
              setScanning(false);
              if (message) setProblem(message);
            }}
          />
        </div>
      )}
    </form>
  );
}
