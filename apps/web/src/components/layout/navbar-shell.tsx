import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BrandLogo } from './brand-logo';
import { CartShortcut } from './cart-count';
import { LanguageSwitch } from './language-switch';
import { NavLinks } from './nav-links';
import { SearchBox } from './search-box';

type NavbarShellProps = {
  /** Right-hand side on wide screens (after the search box). */
  actions: ReactNode;
  /** Bottom of the phone menu; receives a function that closes the menu. */
  menuActions: (close: () => void) => ReactNode;
};

/** The fixed top bar both navigation variants share: brand, links, search, and the phone menu. */
export function NavbarShell({ actions, menuActions }: NavbarShellProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line/70 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-18 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo onNavigate={close} />
        <nav aria-label={t`Main`} className="ml-4 hidden lg:block">
          <NavLinks direction="row" />
        </nav>
        <div className="ml-auto hidden items-center gap-3 lg:flex">
          <SearchBox className="w-48 xl:w-64" id="search-desktop" />
          <LanguageSwitch />
          {actions}
        </div>
        <CartShortcut className="ml-auto lg:hidden" onNavigate={close} />
        <button
          type="button"
          className="grid size-11 place-items-center rounded-full text-espresso hover:bg-espresso/10 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={t`Menu`}
          onClick={() => setOpen((value) => !value)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
            {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      {open && (
        <div id={menuId} className="max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t border-line bg-white px-4 pt-4 pb-6 shadow-card lg:hidden">
          <SearchBox id="search-menu" onSearch={close} />
          <nav aria-label={t`Main`} className="mt-3">
            <NavLinks direction="column" onNavigate={close} />
          </nav>
          <div className="mt-4 border-t border-line pt-4">{menuActions(close)}</div>
          <LanguageSwitch long className="mt-3 w-full border border-line" />
        </div>
      )}
    </header>
  );
}
