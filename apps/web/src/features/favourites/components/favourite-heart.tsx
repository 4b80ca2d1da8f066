import { SIZE_LABELS, type SizeCode } from '@coffee/contract';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useLoginRecord } from '../../../lib/login-record';
import { useFavourites, useSaveFavourite } from '../api/favourites';

export type FavouriteHeartProps = { productId: number; sizeCode: SizeCode | null; optionIds: number[] };

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/** The heart on a product page: saves the drink as configured now (size and options); signed-in customers only. */
export function FavouriteHeart({ productId, sizeCode, optionIds }: FavouriteHeartProps) {
  const { t } = useLingui();
  const user = useLoginRecord();
  const customer = user?.role === 'customer';
  const favourites = useFavourites(customer);
  const save = useSaveFavourite();
  if (!customer) return null;
  const saved = (favourites.data ?? []).some((f) => f.productId === productId && f.sizeCode === sizeCode && same(f.optionIds, optionIds));
  // Size names (Regular, Large, Extra Large) stay as they are in every language.
  const size = sizeCode ? SIZE_LABELS[sizeCode] : null;
  const words = size
    ? saved
      ? t`Saved to your usual (${size} with these options)`
      : t`Save as my usual (${size} with these options)`
    : saved
      ? t`Saved to your usual (with these options)`
      : t`Save as my usual (with these options)`;
  return (
    <div>
      <Button
        variant="outline"
        size="lg"
        shape="soft"
        className="w-full"
        aria-pressed={saved}
        disabled={saved || save.isPending}
        onClick={() => save.mutate({ productId, sizeCode, optionIds })}
      >
        <span aria-hidden="true">{saved ? '♥' : '♡'}</span> {words}
      </Button>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(save.error)}
        </p>
      )}
    </div>
  );
}
