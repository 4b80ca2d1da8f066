import { use } from 'react';
import { Link } from 'react-router';
import { useLingui as useLinguiContext } from '@lingui/react';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { isLanguage, loadArea } from '../../../lib/i18n';
import { useStaffMay } from '../../../lib/staff-rights';
import { Trans } from '@lingui/react/macro';

/** The menu is a manager's or the owner's to change; a barista sees no way to it. */
const useIsStaff = (): boolean => useStaffMay('menu');

/** The staff words' download in each language, once; a failed one lets the links draw anyway (i18n.ts fetches again). */
const staffWords = new Map<string, Promise<void>>();
const waitForStaffWords = (locale: string): Promise<void> => {
  let waiting = staffWords.get(locale);
  if (!waiting) {
    waiting = loadArea('staff', isLanguage(locale) ? locale : undefined).catch(() => undefined);
    staffWords.set(locale, waiting);
  }
  return waiting;
};

/**
 * These links are drawn on shop screens (the menu, a product), which load only the shop's words, while their words are
 * the staff area's (lingui.config.ts maps menu-admin there): a link waits for them (it is lazy, under a Suspense)
 * rather than showing a message id for a moment.
 */
function useStaffLink(): boolean {
  const { i18n } = useLinguiContext();
  const isStaff = useIsStaff();
  if (isStaff) use(waitForStaffWords(i18n.locale));
  return isStaff;
}

const PencilIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round">
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </svg>
);

/** On /products, for staff only: the way to Add Product. Customers see nothing. */
export function StaffAddProductLink({ className }: { className?: string }) {
  if (!useStaffLink()) return null;
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
  if (!useStaffLink()) return null;
  return (
    <div className="mx-auto flex max-w-7xl justify-end px-4 pt-6 sm:px-6 lg:px-8">
      <Link to={paths.editProduct.getHref(productId)} className={buttonStyles({ variant: 'outline', size: 'sm', className: 'gap-1.5' })}>
        <PencilIcon />
        <Trans>Edit product</Trans>
      </Link>
    </div>
  );
}
