import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

// Invented partner brands, drawn here: every picture in the shop is our own, so no logo is borrowed.
const PARTNERS: ReadonlyArray<{ name: string; width: number; mark: ReactNode; word: string }> = [
  {
    name: 'Beanstream',
    width: 166,
    word: 'Beanstream',
    mark: (
      <g>
        <ellipse cx="20" cy="20" rx="12" ry="16" transform="rotate(30 20 20)" fill="#6A4029" />
        <path d="M12 30c10-6 6-14 16-20" stroke="#FFF" strokeWidth="2.6" fill="none" strokeLinecap="round" />
      </g>
    ),
  },
  {
    name: 'Kopi Nusa Roasters',
    width: 158,
    word: 'KOPI NUSA',
    mark: (
      <g>
        <circle cx="20" cy="20" r="16" fill="none" stroke="#8A5A3C" strokeWidth="3" />
        <path d="M10 24l6-8 5 6 4-4 6 6" stroke="#8A5A3C" strokeWidth="3" fill="none" strokeLinejoin="round" />
      </g>
    ),
  },
  {
    name: 'Moonleaf Tea',
    width: 142,
    word: 'moonleaf',
    mark: (
      <g>
        <path d="M26 6a15 15 0 1 0 8 26A13 13 0 0 1 26 6z" fill="#4F7F2F" />
        <path d="M16 26c4-8 10-10 14-10" stroke="#FFF" strokeWidth="2" fill="none" strokeLinecap="round" />
      </g>
    ),
  },
  {
    name: 'Crumb & Co.',
    width: 166,
    word: 'Crumb & Co.',
    mark: (
      <g fill="#C47A2C">
        <ellipse cx="8" cy="24" rx="6" ry="4" transform="rotate(-40 8 24)" />
        <ellipse cx="32" cy="24" rx="6" ry="4" transform="rotate(40 32 24)" />
        <ellipse cx="14" cy="17" rx="7" ry="6" />
        <ellipse cx="26" cy="17" rx="7" ry="6" />
        <ellipse cx="20" cy="14" rx="8" ry="7" fill="#D98E3A" />
      </g>
    ),
  },
  {
    name: 'Meadow Dairy',
    width: 130,
    word: 'Meadow',
    mark: (
      <g>
        <path d="M20 4c8 10 12 16 12 22a12 12 0 0 1-24 0c0-6 4-12 12-22z" fill="#3C6E9E" />
        <path d="M14 26a6 6 0 0 0 6 6" stroke="#FFF" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      </g>
    ),
  },
];

export function Partners() {
  return (
    <section aria-labelledby="partners-heading" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8 lg:pb-28">
      <h2 id="partners-heading" className="text-center font-display text-3xl font-bold text-ink sm:text-4xl">
        <Trans>Our Partner</Trans>
      </h2>
      <ul className="mt-12 flex flex-wrap items-center justify-center gap-x-10 gap-y-8 lg:justify-between">
        {PARTNERS.map((partner) => (
          <li key={partner.name}>
            <svg role="img" aria-label={partner.name} viewBox={`0 0 ${partner.width} 40`} className="h-9 w-auto max-w-full opacity-85 transition-opacity hover:opacity-100 sm:h-10">
              {partner.mark}
              <text x="46" y="27" fontFamily="Rubik, sans-serif" fontWeight="700" fontSize="19" fill="#3E2F27">
                {partner.word}
              </text>
            </svg>
          </li>
        ))}
      </ul>
    </section>
  );
}
