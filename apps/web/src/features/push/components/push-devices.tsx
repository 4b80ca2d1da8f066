import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatShopMoment } from '../../../lib/shop-time';
import { usePushDevices, usePushKey, useRemovePushDevice } from '../api/push';

/** The profile's list of devices that get order notifications, each with "Turn off"; nothing when the shop sends none. */
export function PushDevicesSection({ className = '', timeZone }: { className?: string; timeZone?: string | undefined }) {
  const key = usePushKey();
  const devices = usePushDevices(Boolean(key.data));
  const remove = useRemovePushDevice();
  const { t } = useLingui();
  if (!key.data) return null;
  return (
    <section aria-labelledby="push-devices-title" className={`rounded-3xl bg-white p-6 shadow-card sm:p-8 ${className}`}>
      <h2 id="push-devices-title" className="font-display text-xl font-bold text-espresso-deep">
        <Trans>Order notifications</Trans>
      </h2>
      {devices.isPending ? (
        <Spinner label={t`Loading your devices`} className="mt-4" />
      ) : devices.isError ? (
        <p className="mt-4 text-danger">{errorMessage(devices.error)}</p>
      ) : devices.data.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          <Trans>No device gets notifications about your orders. After an order, tap “Tell me when it’s ready” on the device you want told.</Trans>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {devices.data.map((device) => {
            const date = formatShopMoment(device.createdAt, { day: 'numeric', month: 'short', year: 'numeric' }, timeZone);
            const name = device.device;
            return (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-display font-medium text-ink">{device.device}</p>
                  <p className="text-sm text-muted">
                    <Trans>On since {date}</Trans>
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending && remove.variables === device.id}
                  onClick={() => remove.mutate(device.id)}
                  aria-label={t`Turn off notifications on ${name}`}
                >
                  <Trans>Turn off</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && <p className="mt-3 text-sm text-danger">{errorMessage(remove.error)}</p>}
    </section>
  );
}
