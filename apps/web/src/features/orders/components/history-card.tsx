import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '@coffee/contract';
import { paths } from '../../../config/paths';
import { Price } from '../../../components/ui/price';
import { LineChoices } from '../../../components/ui/line-choices';
import { ProductPicture } from '../../../components/ui/product-picture';
import { TrashIcon } from '../../../components/ui/trash-icon';
import { cn } from '../../../lib/cn';
import { useLongPress } from '../../../lib/use-long-press';
import { formatShopMoment } from '../../../lib/shop-time';
import { OrderStatusBadge, orderTitle } from './order-status-badge';

const PLACED: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

export const isFinished = (order: Pick<Order, 'status'>) => order.status === 'delivered' || order.status === 'cancelled';

type HistoryCardProps = {
  order: Order;
  /** A long press or the Delete button: asks whether to remove the order from the history. */
  onDelete: (order: Order) => void;
  /** A long press on an order still under way, which cannot be removed yet. */
  onDeleteRefused: (order: Order) => void;
  onOrderAgain: (order: Order) => void;
  orderingAgain: boolean;
  /** The shop's time zone (GET /shop): the day an order was placed is the shop's. */
  timeZone?: string | undefined;
};

/** History: a white card with a round picture, name, price and status. */
export function HistoryCard({ order, onDelete, onDeleteRefused, onOrderAgain, orderingAgain, timeZone }: HistoryCardProps) {
  const { t } = useLingui();
  const finished = isFinished(order);
  const id = order.id;
  const title = orderTitle(order.lines);
  const first = order.lines[0];
  const press = useLongPress(() => (finished ? onDelete(order) : onDeleteRefused(order)));

  return (
    <li
      {...press}
      aria-labelledby={`order-${order.id}-title`}
      className="group relative flex touch-manipulation items-center gap-5 rounded-3xl bg-white p-5 shadow-card select-none [-webkit-touch-callout:none]"
    >
      <ProductPicture
        name={first?.name ?? title}
        // Order lines do not carry the category; the drawn fallback only shows for a product without a picture.
        category="coffee"
        imageUrl={first?.imageUrl ?? null}
        className="size-20 shrink-0 rounded-full"
      />
      <div className="min-w-0 flex-1">
        <h2 id={`order-${order.id}-title`} className="truncate font-display text-lg font-bold text-ink" title={title}>
          {title}
        </h2>
        <Price amount={order.summary.totalIdr} className="block font-display text-espresso" />
        {order.lines.map((line) =>
          line.options.length > 0 || line.baristaNote ? (
            <div key={line.id} className="text-xs">
              {order.lines.length > 1 && <p className="font-medium text-ink">{line.name}</p>}
              <LineChoices line={line} />
            </div>
          ) : null,
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
          <span className="text-xs text-muted">
            #{order.id} · {formatShopMoment(order.placedAt, PLACED, timeZone)}
          </span>
        </div>
        <button
          type="button"
          onClick={() => onOrderAgain(order)}
          disabled={orderingAgain}
          aria-label={t`Order again: ${title}`}
          className="mt-3 rounded-full font-display text-sm font-medium text-espresso underline decoration-crema decoration-2 underline-offset-4 hover:decoration-espresso disabled:opacity-60"
        >
          {orderingAgain ? t`Adding to your cart…` : t`Order again`}
        </button>
        <Link
          to={paths.order.getHref(order.id)}
          aria-label={t`See order #${id}: status, payment and receipt`}
          className="mt-3 ml-5 inline-block rounded-full font-display text-sm font-medium text-espresso underline decoration-crema decoration-2 underline-offset-4 hover:decoration-espresso"
        >
          <Trans>See order</Trans>
        </Link>
      </div>
      {finished && (
        <button
          type="button"
          onClick={() => onDelete(order)}
          aria-label={t`Delete order #${id}, ${title}, from your history`}
          className={cn(
            'absolute top-3 right-3 grid size-10 place-items-center rounded-full bg-espresso text-white shadow-soft transition-opacity hover:bg-espresso-dark',
            // Shown on hover and keyboard focus; always on touch screens, where there is no hover.
            'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus:opacity-100 [@media(hover:none)]:opacity-100',
          )}
        >
          <TrashIcon />
        </button>
      )}
    </li>
  );
}
