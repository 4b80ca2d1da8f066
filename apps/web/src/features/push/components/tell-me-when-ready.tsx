import { useEffect, useState } from 'react';
import type { Order } from '@coffee/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { invalidatePushDevices, savePushSubscription, usePushDevices, usePushKey } from '../api/push';
import { deviceName, pushSupported, subscribeThisDevice, thisDeviceSubscription } from '../push-device';

/** Steps still ahead that a push tells about: ready, on its way, or a cancel by the shop. */
const WAITING = new Set<Order['status']>(['pending', 'paid', 'preparing']);

/** Whether an order still has a step worth being told about. */
export const awaitsNews = (order: Pick<Order, 'status' | 'deliveryMethod'>) =>
  WAITING.has(order.status) || (order.status === 'ready' && order.deliveryMethod === 'door-delivery');

type Phase = 'unknown' | 'off' | 'asking' | 'on' | 'blocked' | 'failed';

/**
 * "Tell me when it's ready", after an order (its thank-you and its page): asks the browser's permission only when the
 * customer taps it, never on its own; shown only when the shop sends push (VAPID keys) and the browser can take it.
 */
export function TellMeWhenReady({ order }: { order: Pick<Order, 'status' | 'deliveryMethod'> }) {
  const supported = pushSupported();
  const key = usePushKey(supported);
  const publicKey = supported ? key.data : null;
  const devices = usePushDevices(Boolean(publicKey));
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('unknown');
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useLingui();

  // Already on for this device (its subscription is among the account's devices)? A list that cannot be read counts
  // as none: the offer is still made.
  const { isPending: listing, data: listed } = devices;
  useEffect(() => {
    if (!publicKey || listing) return;
    const known = listed ?? [];
    let live = true;
    void thisDeviceSubscription().then((subscription) => {
      if (!live) return;
      const on = subscription && known.some((device) => device.endpoint === subscription.endpoint);
      setPhase((current) => (current === 'unknown' || current === 'off' ? (on ? 'on' : 'off') : current));
    });
    return () => {
      live = false;
    };
  }, [publicKey, listing, listed]);

  if (!publicKey || !awaitsNews(order) || phase === 'unknown') return null;
  // Read as it is now: the customer may have changed it in the browser's settings since.
  const shown = Notification.permission === 'denied' ? 'blocked' : phase;

  const turnOn = async () => {
    setFailure(null);
    setPhase('asking');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setPhase(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const subscription = await subscribeThisDevice(publicKey);
      const json = subscription.toJSON();
      await savePushSubscription({
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        device: deviceName(navigator.userAgent),
      });
      await invalidatePushDevices(queryClient);
      setPhase('on');
    } catch (error) {
      setFailure(errorMessage(error));
      setPhase('failed');
    }
  };

  return (
    <div className="w-full rounded-2xl bg-crema-soft px-5 py-4 text-espresso-deep" aria-live="polite">
      {shown === 'on' ? (
        <p>
          <Trans>We will tell you on this device when your order is ready, even with the shop closed. You can turn it off in your profile.</Trans>
        </p>
      ) : shown === 'blocked' ? (
        <p>
          <Trans>Notifications are blocked for this shop. Allow them in your browser&apos;s site settings to be told here when your order is ready.</Trans>
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <p className="flex-1">
            <Trans>Leave this page if you like: we can tell you on this device when your order is ready.</Trans>
          </p>
          <Button variant="primary" size="sm" onClick={() => void turnOn()} disabled={phase === 'asking'}>
            {phase === 'asking' ? t`Turning on…` : t`Tell me when it’s ready`}
          </Button>
          {failure && (
            <p className="w-full text-sm text-danger">
              <Trans>We could not turn notifications on: {failure}</Trans>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
