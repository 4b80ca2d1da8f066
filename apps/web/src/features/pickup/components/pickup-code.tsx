import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { create as createQr } from 'qrcode';
import { pickupCodeOf } from '@coffee/contract';

/** The address a pick-up QR carries: the staff screen opens the order from it, a phone's camera opens this shop. */
export const pickupUrl = (code: string) => `${window.location.origin}/pickup/${code}`;

/** A QR of `text`, its dark modules as one SVG path on white with a wide quiet zone (readable at full brightness). */
function QrSvg({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = createQr(text, { errorCorrectionLevel: 'Q' });
    const n = qr.modules.size;
    const parts: string[] = [];
    for (let y = 0; y < n; y += 1) for (let x = 0; x < n; x += 1) if (qr.modules.get(y, x)) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`);
    return { size: n + 8, path: parts.join('') };
  }, [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="size-56 bg-white" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * The order's pick-up code and its QR, for the counter: black on white, large, the code in letters too for a barista
 * who types it. Shown for orders picked up or eaten in.
 */
export function PickupCodeCard({ orderId }: { orderId: number }) {
  const code = pickupCodeOf(orderId);
  const { t } = useLingui();
  if (!code) return null;
  return (
    <section aria-labelledby="pickup-title" className="mt-8 flex flex-col items-center gap-3 rounded-3xl border-2 border-ink bg-white p-6 text-center sm:flex-row sm:text-left">
      <QrSvg text={pickupUrl(code)} label={t`Pick-up QR of order #${orderId}`} />
      <div>
        <h2 id="pickup-title" className="text-sm font-semibold tracking-wide text-ink uppercase">
          <Trans>Pick-up code</Trans>
        </h2>
        <p className="font-mono text-5xl font-bold tracking-[0.15em] text-black" data-testid="pickup-code">
          {code}
        </p>
        <p className="mt-2 max-w-xs text-sm text-ink">
          <Trans>Show this at the counter: the barista scans the QR or types the code to hand you your order.</Trans>
        </p>
      </div>
    </section>
  );
}
