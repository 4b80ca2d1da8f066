import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';
import { Trans, useLingui } from '@lingui/react/macro';

/** What a signed-in customer sees on /add-products or /edit-products/:id: a plain answer, not a redirect. */
export function StaffOnly({ role = false }: { role?: boolean } = {}) {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>{t`Staff only · Coffee Shop`}</title>
      <svg viewBox="0 0 96 96" aria-hidden="true" className="size-24">
        <circle cx="48" cy="48" r="46" fill="#FFF3D9" />
        <rect x="30" y="44" width="36" height="28" rx="6" fill="#6A4029" />
        <path d="M38 44v-8a10 10 0 0 1 20 0v8" fill="none" stroke="#6A4029" strokeWidth="5" />
        <circle cx="48" cy="56" r="4" fill="#FFBA33" />
        <path d="M48 58v6" stroke="#FFBA33" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1 className="mt-6 font-display text-3xl font-bold text-espresso">{role ? t`Your role does not include this page` : t`This page is for shop staff`}</h1>
      <p className="mt-3 text-muted">
        {role
          ? t`Ask the owner if you need it: they can change your role on the Staff page.`
          : t`Adding and changing products is done by the Coffee Shop team. You can browse the menu and order as usual.`}
      </p>
      <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'accent', className: 'mt-8' })}>
        <Trans>Back to products</Trans>
      </Link>
    </div>
  );
}
