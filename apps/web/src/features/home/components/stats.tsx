import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

// The original shop's statistics, as it shows them.
const STATS: ReadonlyArray<{ value: string; label: MessageDescriptor; icon: ReactNode }> = [
  {
    value: '90+',
    label: msg`Staff`,
    icon: (
      <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c0-3.3 3.1-6 7-6s7 2.7 7 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    ),
  },
  {
    value: '30+',
    label: msg`Stores`,
    icon: (
      <>
        <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <circle cx="12" cy="9.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      </>
    ),
  },
  {
    value: '800+',
    label: msg`Customers`,
    icon: (
      <path d="M12 20s-8-4.6-8-10.2A4.4 4.4 0 0 1 12 7a4.4 4.4 0 0 1 8 2.8C20 15.4 12 20 12 20z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    ),
  },
];

/** The statistics card that overlaps the hero's bottom edge. */
export function Stats() {
  const { t } = useLingui();
  return (
    <section aria-label={t`Coffee Shop in numbers`} className="relative z-10 mx-auto -mt-20 max-w-6xl px-4 sm:px-6 lg:-mt-24 lg:px-8">
      <ul className="grid grid-cols-3 divide-x divide-line rounded-3xl bg-white py-6 shadow-card sm:py-10">
        {STATS.map((stat) => (
          <li key={stat.value} className="flex flex-col items-center gap-2 px-2 text-center sm:flex-row sm:justify-center sm:gap-5 sm:text-left">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-crema text-espresso-deep sm:size-14">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 sm:size-7">
                {stat.icon}
              </svg>
            </span>
            <span>
              <span className="block font-display text-2xl font-bold text-ink sm:text-3xl">{stat.value}</span>
              <span className="block text-sm text-muted sm:text-lg">{t(stat.label)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
