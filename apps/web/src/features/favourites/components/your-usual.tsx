import { SIZE_LABELS, type Favourite } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useLoginRecord } from '../../../lib/login-record';
import { useAddUsual, useFavourites, useLastOrder } from '../api/favourites';

const nameOf = (f: Favourite) => (f.sizeCode ? `${f.name} (${SIZE_LABELS[f.sizeCode]})` : f.name);

/**
 * "Your usual" on home and the menu for a signed-in customer: each saved drink (or, with none, the last order) goes
 * into the cart in one tap at today's prices; what is sold out or off the menu is said plainly instead.
 */
export function YourUsual({ className }: { className?: string }) {
  const { t } = useLingui();
  const user = useLoginRecord();
  const customer = user?.role === 'customer';
  const favourites = useFavourites(customer);
  const noFavourites = favourites.isSuccess && favourites.data.length === 0;
  const last = useLastOrder(customer && noFavourites);
  const add = useAddUsual();
  if (!customer || !favourites.data) return null;
  const saved = favourites.data.slice(0, 3);
  const lastId = last.data?.id;
  if (saved.length === 0 && !last.data) return null;
  const result = add.data ? (add.data.notes.length > 0 ? add.data.notes.join('. ') : t`Added to your cart at today's price.`) : null;
  return (
    <section aria-labelledby="your-usual-title" className={`rounded-3xl bg-white p-6 shadow-card ${className ?? ''}`}>
      <h2 id="your-usual-title" className="font-display text-xl font-bold text-espresso-deep">
        <Trans>Your usual</Trans>
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">
        {saved.map((f) => {
          const drink = nameOf(f);
          return (
            <Button key={f.id} variant="primary" size="sm" disabled={add.isPending} onClick={() => add.mutate({ favouriteId: f.id })}>
              <Trans>Add {drink}</Trans>
            </Button>
          );
        })}
        {saved.length === 0 && last.data && (
          <Button variant="primary" size="sm" disabled={add.isPending} onClick={() => add.mutate({ orderId: last.data!.id })}>
            <Trans>Order your last again (#{lastId})</Trans>
          </Button>
        )}
      </div>
      {result && (
        <p role="status" className="mt-3 text-sm text-ink">
          {result}
        </p>
      )}
      {add.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(add.error)}
        </p>
      )}
    </section>
  );
}
