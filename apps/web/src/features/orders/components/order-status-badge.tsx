import { t } from '@lingui/core/macro';
import { useLingui as useLanguage } from '@lingui/react';
import type { DeliveryMethod, OrderStatus } from '@coffee/contract';
import { cn } from '../../../lib/cn';
import { statusName } from './order-words';

const tones: Record<OrderStatus, string> = {
  pending: 'bg-crema-soft text-espresso-deep',
  paid: 'bg-sky-100 text-sky-900',
  preparing: 'bg-amber-100 text-amber-900',
  ready: 'bg-emerald-100 text-emerald-900',
  'on-delivery': 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-espresso text-white',
  cancelled: 'bg-neutral-200 text-neutral-800',
};

/**
 * The order's status in words (Pending, Paid, Preparing, Ready, On delivery, Cancelled); a finished order is Picked up,
 * Served or Delivered by its delivery method.
 */
export function OrderStatusBadge({
  status,
  deliveryMethod,
  className,
}: {
  status: OrderStatus;
  deliveryMethod?: DeliveryMethod;
  className?: string;
}) {
  // Redrawn in a new language when it is switched.
  useLanguage();
  const methodLabel = statusName(status, deliveryMethod);
  const label = statusName(status);
  return (
    <span className={cn('inline-flex items-center rounded-full px-3 py-0.5 font-display text-sm font-medium', tones[status], className)}>
      <span>{label}</span>
      {/* A finished order reads Delivered, the spec's word, whatever the method; Served or Picked up says how. */}
      {status === 'delivered' && deliveryMethod !== undefined && deliveryMethod !== 'door-delivery' && (
        <>
          <span aria-hidden="true" className="mx-1 opacity-80">
            ·
          </span>
          <span className="opacity-80">{methodLabel}</span>
        </>
      )}
    </span>
  );
}

/** 'Hazelnut Latte +2 more': the first line's product, and how many other lines. */
export function orderTitle(lines: ReadonlyArray<{ name: string }>): string {
  const [first, ...rest] = lines;
  if (!first) return t`Order`;
  const name = first.name;
  const more = rest.length;
  return more > 0 ? t`${name} +${more} more` : name;
}
