import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CATEGORY_NAMES } from '../../../lib/contract-words';
import { cn } from '../../../lib/cn';
import { useInfiniteProducts } from '../api/get-products';
import type { ProductFilters } from '../api/get-products';
import { EmptyList, ProductGrid } from './product-grid';

/** Favorite & Promo is the default tab (key fav-promo), then the four categories. */
export const PRODUCT_TABS = [
  { key: 'fav-promo', label: msg`Favorite & Promo`, filters: { featured: 'true' } },
  { key: 'coffee', label: CATEGORY_NAMES.coffee, filters: { cat: 'coffee' } },
  { key: 'non-coffee', label: CATEGORY_NAMES['non-coffee'], filters: { cat: 'non-coffee' } },
  { key: 'foods', label: CATEGORY_NAMES.foods, filters: { cat: 'foods' } },
  { key: 'add-on', label: CATEGORY_NAMES['add-on'], filters: { cat: 'add-on' } },
] as const satisfies ReadonlyArray<{ key: string; label: MessageDescriptor; filters: ProductFilters }>;

export type ProductTabKey = (typeof PRODUCT_TABS)[number]['key'];
export const DEFAULT_TAB: ProductTabKey = 'fav-promo';

export function isProductTabKey(value: string | null): value is ProductTabKey {
  return PRODUCT_TABS.some((tab) => tab.key === value);
}

type ProductTabsProps = { active: ProductTabKey; onChange: (key: ProductTabKey) => void };

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function ProductTabs({ active, onChange }: ProductTabsProps) {
  const { t } = useLingui();
  const baseId = useId();
  const tabRefs = useRef(new Map<ProductTabKey, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = PRODUCT_TABS.findIndex((tab) => tab.key === active);
    const last = PRODUCT_TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = PRODUCT_TABS[next];
    if (!tab) return;
    onChange(tab.key);
    tabRefs.current.get(tab.key)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={t`Product categories`}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-2 sm:gap-x-1 sm:gap-y-2 sm:border-b sm:border-line sm:pb-px"
      >
        {PRODUCT_TABS.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.key, node);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-controls={`${baseId}-panel-${tab.key}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              className={cn(
                // Pills that wrap on phones; underlined tabs from the small breakpoint up.
                'rounded-full border px-4 py-2 font-display text-sm transition-colors sm:-mb-px sm:rounded-none sm:rounded-t-lg sm:border-0 sm:border-b-[3px] sm:px-4 sm:py-2.5 sm:text-[0.95rem]',
                selected
                  ? 'border-espresso bg-espresso font-bold text-white sm:bg-transparent sm:text-espresso'
                  : 'border-line bg-white text-muted hover:text-espresso sm:border-transparent sm:bg-transparent',
              )}
            >
              {t(tab.label)}
            </button>
          );
        })}
      </div>
      {PRODUCT_TABS.map((tab) => {
        const category = t(tab.label);
        return (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${baseId}-panel-${tab.key}`}
            aria-labelledby={`${baseId}-tab-${tab.key}`}
            hidden={tab.key !== active}
            tabIndex={0}
            className="rounded-2xl pt-8"
          >
            <h2 className="sr-only">{category}</h2>
            <TabProducts filters={tab.filters} label={t`${category} products`} shown={tab.key === active} />
            {/* Every tab shows the original shop's note, word for word. */}
            <p className="mt-8 text-sm text-muted">
              <Trans>*the price has been cutted by discount appears.</Trans>
            </p>
          </div>
        );
      })}
    </div>
  );
}

/** Each tab's list is requested the first time the tab is shown, then served from the cache while fresh. */
function TabProducts({ filters, label, shown }: { filters: ProductFilters; label: string; shown: boolean }) {
  const { t } = useLingui();
  const query = useInfiniteProducts(filters, { enabled: shown });
  return <ProductGrid query={query} label={label} empty={<EmptyList title={t`Nothing here yet. Check back soon!`} />} />;
}
