import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { isLanguage } from '../../lib/i18n';
import { money } from '../../lib/money';

type PriceProps = {
  /** Whole rupiah (a product's `priceIdr`). */
  amount: number;
  className?: string;
  /**
   * discount: an amount taken off ('-IDR 5.000'); regular: a price no longer charged (struck through, beside the
   * promotional one). Screen readers hear the word, not the dash or the line.
   */
  variant?: 'discount' | 'regular';
};

/** The one place money is formatted on the client, so every price reads alike: 34000 -> 'IDR 34.000', 'Rp34.000'. */
export function Price({ amount, className, variant }: PriceProps) {
  const { i18n } = useLingui();
  const formatIdr = (rupiah: number) => money(rupiah, isLanguage(i18n.locale) ? i18n.locale : 'en');
  if (variant === 'regular') {
    return (
      <s className={cn('whitespace-nowrap tabular-nums', className)}>
        <span className="sr-only">
          <Trans>Regular price</Trans>{' '}
        </span>
        <data value={amount}>{formatIdr(amount)}</data>
      </s>
    );
  }
  return (
    <data value={variant === 'discount' ? -amount : amount} className={cn('whitespace-nowrap tabular-nums', className)}>
      {variant === 'discount' && (
        <>
          <span aria-hidden="true">-</span>
          <span className="sr-only">
            <Trans>minus</Trans>{' '}
          </span>
        </>
      )}
      {formatIdr(amount)}
    </data>
  );
}

/**
 * A product's price as the menu shows it: the charged price, and while it is on promotion the regular one struck
 * through beside it, so the cut is visible wherever the product is priced.
 */
export function ProductPrice({ regular, charged, className }: { regular: number; charged: number; className?: string }) {
  if (charged >= regular) return <Price amount={regular} className={className} />;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline justify-center gap-x-2', className)}>
      <Price amount={charged} />
      <Price amount={regular} variant="regular" className="text-[0.8em] font-normal text-muted" />
    </span>
  );
}
