import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_SEARCH_LENGTH } from '@coffee/contract';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';

type SearchBoxProps = { className?: string; onSearch?: () => void; id?: string };

/** Submitting a keyword opens /products?search=<keyword>; an empty search goes back to the tabs. */
export function SearchBox(props: SearchBoxProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const current = pathname === paths.products.path ? (params.get('search') ?? '') : '';
  // Keyed by the keyword in the address, so the box follows back/forward and "clear search" links.
  return <SearchForm key={current} initial={current} {...props} />;
}

function SearchForm({ initial, className, onSearch, id = 'site-search' }: SearchBoxProps & { initial: string }) {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState(initial);
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = keyword.trim();
    void navigate(paths.products.getHref(search ? { search } : {}));
    onSearch?.();
  };

  return (
    // A real form too: before the app has started (or without it) the browser opens /products?search=... itself.
    <form role="search" action={paths.products.getHref()} onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        <Trans>Search products</Trans>
      </label>
      <input
        id={id}
        type="search"
        name="search"
        placeholder={t`Search`}
        autoComplete="off"
        maxLength={MAX_SEARCH_LENGTH}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        className="h-11 w-full rounded-full border border-line bg-page pr-12 pl-5 text-sm text-ink placeholder:text-muted focus:border-espresso focus:bg-white focus:outline-none focus-visible:outline-2 focus-visible:outline-espresso"
      />
      <button
        type="submit"
        aria-label={t`Search`}
        className="absolute top-1 right-1 grid size-9 place-items-center rounded-full text-espresso hover:bg-espresso/10"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
    </form>
  );
}
