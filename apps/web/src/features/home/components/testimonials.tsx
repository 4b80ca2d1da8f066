import { useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import avatar1 from '../../../assets/avatar-1.svg';
import avatar2 from '../../../assets/avatar-2.svg';
import avatar3 from '../../../assets/avatar-3.svg';
import { cn } from '../../../lib/cn';

/** A testimonial as the original shop's data has it: the rating is a string. Its words are the shop's, translated. */
export type Testimonial = { id: number; name: string; image: string; address: MessageDescriptor; rating: string; description: MessageDescriptor };

// The original shop's ratings: 4.5, 4.7 and 4.8.
export const TESTIMONIALS: ReadonlyArray<Testimonial> = [
  {
    id: 1,
    name: 'Rina Maharani',
    image: avatar1,
    address: msg`Bandung, Indonesia`,
    rating: '4.5',
    description: msg`I could happily spend my whole day here. The Wi-Fi is fast, the coffee is rich and the meals are fresh. Very recommended!`,
  },
  {
    id: 2,
    name: 'Tomás Alvarez',
    image: avatar2,
    address: msg`Valencia, Spain`,
    rating: '4.7',
    description: msg`I travel a lot for work, and one Hazelnut Latte here is enough to make a long day better. The pick up is always on time.`,
  },
  {
    id: 3,
    name: 'Kim Ji-woo',
    image: avatar3,
    address: msg`Seoul, South Korea`,
    rating: '4.8',
    description: msg`A calm place to relax. The staff are friendly, the meals are healthy, and they make my coffee exactly the way I ask.`,
  },
];

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
      {direction === 'left' ? <path d="M15 5l-7 7 7 7" /> : <path d="M9 5l7 7-7 7" />}
    </svg>
  );
}

/** An accessible carousel (WAI-ARIA APG): previous/next buttons and dots, one slide shown, the others inert. */
export function Testimonials() {
  const { t, i18n } = useLingui();
  const [current, setCurrent] = useState(0);
  const id = useId();
  const count = TESTIMONIALS.length;
  const go = (index: number) => setCurrent((index + count) % count);

  return (
    <section aria-labelledby="testimonials-heading" className="bg-white py-20 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="testimonials-heading" className="font-display text-3xl font-bold text-ink sm:text-4xl">
            <Trans>Loved by Thousands of Happy Customer</Trans>
          </h2>
          <p className="mt-4 text-muted">
            <Trans>These are the stories of our customers who have visited us with great pleasure.</Trans>
          </p>
        </div>

        <div role="region" aria-roledescription="carousel" aria-label={t`Customer testimonials`} className="mx-auto mt-12 max-w-3xl">
          <div className="overflow-hidden rounded-3xl">
            <div
              id={`${id}-slides`}
              aria-live="polite"
              className="flex transition-transform duration-500 ease-out"
              style={{ transform: `translateX(-${current * 100}%)` }}
            >
              {TESTIMONIALS.map((testimonial, index) => {
                const position = index + 1;
                return (
                <div
                  key={testimonial.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t`${position} of ${count}`}
                  inert={index !== current}
                  className="w-full shrink-0 px-1 py-1"
                >
                  <div className="h-full rounded-3xl border-2 border-espresso bg-white p-6 sm:p-10">
                    <div className="flex flex-wrap items-center gap-4">
                      <img src={testimonial.image} alt="" className="size-14 rounded-full sm:size-16" />
                      <div className="min-w-0 flex-1">
                        <h3 className="font-display text-lg font-bold text-ink">{testimonial.name}</h3>
                        <p className="text-sm text-muted">{t(testimonial.address)}</p>
                      </div>
                      <p className="flex items-center gap-1.5 font-display font-medium text-ink">
                        <span>{new Intl.NumberFormat(i18n.locale === 'id' ? 'id-ID' : 'en-GB').format(Number(testimonial.rating))}</span>
                        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                          <path d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" fill="#FEA250" />
                        </svg>
                        <span className="sr-only">
                          <Trans>out of 5</Trans>
                        </span>
                      </p>
                    </div>
                    <blockquote className="mt-6 leading-relaxed text-ink">“{t(testimonial.description)}”</blockquote>
                  </div>
                </div>
                );
              })}
            </div>
          </div>

          <div className="mt-8 flex items-center justify-between gap-4">
            <div className="flex gap-2">
              {TESTIMONIALS.map((testimonial, index) => {
                const position = index + 1;
                const name = testimonial.name;
                return (
                <button
                  key={testimonial.id}
                  type="button"
                  aria-controls={`${id}-slides`}
                  aria-current={index === current}
                  aria-label={t`Show testimonial ${position}: ${name}`}
                  onClick={() => go(index)}
                  className="grid size-8 place-items-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={cn('block h-3 rounded-full transition-all', index === current ? 'w-8 bg-espresso' : 'w-3 bg-[#B5A89C]')}
                  />
                </button>
                );
              })}
            </div>
            <div className="flex gap-3">
              <button
                type="button"
                aria-controls={`${id}-slides`}
                aria-label={t`Previous testimonial`}
                onClick={() => go(current - 1)}
                className="grid size-12 place-items-center rounded-full border-2 border-espresso text-espresso transition-colors hover:bg-espresso hover:text-white"
              >
                <Arrow direction="left" />
              </button>
              <button
                type="button"
                aria-controls={`${id}-slides`}
                aria-label={t`Next testimonial`}
                onClick={() => go(current + 1)}
                className="grid size-12 place-items-center rounded-full bg-espresso text-white transition-colors hover:bg-espresso-dark"
              >
                <Arrow direction="right" />
              </button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
