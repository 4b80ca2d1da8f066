import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useStaffMay } from '../../../lib/staff-rights';
import { Trans } from '@lingui/react/macro';

/** The menu is a manager's or the owner's to change; a barista sees no way to it. */
const useIsStaff = (): boolean => useStaffMay('menu');

const PencilIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round">
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </svg>
);

/** On /products, for staff only: the way to Add Product. Customers see nothing. */
export function StaffAddProductLink({ className }: { className?: string }) {
  if (!useIsStaff()) return null;
  return (
    <Link to={paths.addProduct.getHref()} className={buttonStyles({ variant: 'primary', size: 'sm', className: cn('gap-1.5', className) })}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round">
        <path d="M12 5v14M5 12h14" />
      </svg>
      <Trans>Add product</Trans>
    </Link>
  );
}

/** On a product's page, for staff only: a bar with the way to Edit Product. */
export function StaffEditProductBar({ productId }: { productId: number }) {
  if (!useIsStaff()) return null;
  return (
    <div className="mx-auto flex max-w-7xl justify-end px-4 pt-6 sm:px-6 lg:px-8">
      <Link to={paths.editProduct.getHref(productId)} className={buttonStyles({ variant: 'outline', size: 'sm', className: 'gap-1.5' })}>
        <PencilIcon />
        <Trans>Edit product</Trans>
      </Link>
    </div>
  );
}
