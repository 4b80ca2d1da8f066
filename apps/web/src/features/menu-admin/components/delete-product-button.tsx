import { useState } from 'react';
import type { Product } from '@coffee/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteProduct } from '../api/delete-product';
import { Trans, useLingui } from '@lingui/react/macro';

/** Edit Product's Delete, behind a confirmation: the product leaves the menu at once. */
export function DeleteProductButton({ product, onDeleted }: { product: Product; onDeleted: (id: number) => void | Promise<void> }) {
  const { t } = useLingui();
  const name = product.name;
  const [open, setOpen] = useState(false);
  const remove = useDeleteProduct({ onSuccess: onDeleted });

  return (
    <>
      <Button
        variant="outline"
        size="lg"
        shape="soft"
        className="w-full border-red-800 text-red-800 hover:bg-red-800 hover:text-white"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        <Trans>Delete</Trans>
      </Button>
      <Dialog open={open} onClose={() => !remove.isPending && setOpen(false)} title={t`Delete this product?`} role="alertdialog">
        <p className="text-muted">
          <Trans>
            <strong className="text-ink">{name}</strong> leaves the menu at once. Orders placed before keep it.
          </Trans>
        </p>
        {remove.isError && <Alert tone="danger" className="mt-4">{errorMessage(remove.error)}</Alert>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" autoFocus disabled={remove.isPending} onClick={() => setOpen(false)}>
            <Trans>Keep it</Trans>
          </Button>
          <Button
            className="bg-red-800 text-white hover:bg-red-900"
            disabled={remove.isPending}
            onClick={() => remove.mutate(Number(product.id))}
          >
            {remove.isPending ? t`Deleting…` : t`Delete product`}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
