import { formatIdr } from '@coffee/contract';
import { cn } from '../../lib/cn';

type PriceProps = {
  /** Whole rupiah (a product's `priceIdr`). */
  amount: number;
  className?: string;
};

/** The one place money is formatted on the client (STYLE.md convention 4): 34000 -> 'IDR 34.000'. */
export function Price({ amount, className }: PriceProps) {
  return (
    <data value={amount} className={cn('whitespace-nowrap tabular-nums', className)}>
      {formatIdr(amount)}
    </data>
  );
}
