import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import heroScene from '../../../assets/hero-scene.svg';
import { paths } from '../../../config/paths';
import { buttonStyles } from '../../../components/ui/button';

export function Hero() {
  return (
    <section className="on-dark relative isolate overflow-hidden bg-espresso-deep text-white">
      <img
        src={heroScene}
        alt=""
        className="absolute inset-0 -z-10 size-full object-cover object-[78%_50%]"
        fetchPriority="high"
      />
      {/* Darkens the left where the text sits, so it reads on any screen width. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(180deg,rgb(18_8_4/0.9),rgb(18_8_4/0.7)_60%,rgb(18_8_4/0.35))] md:bg-[linear-gradient(90deg,rgb(18_8_4/0.95),rgb(18_8_4/0.75)_35%,rgb(18_8_4/0)_62%)]"
      />
      <div className="mx-auto max-w-7xl px-4 pt-20 pb-36 sm:px-6 sm:pt-28 lg:px-8 lg:pt-32 lg:pb-48">
        <div className="max-w-xl">
          <p className="font-display text-sm font-medium tracking-[0.2em] text-crema uppercase">
            <Trans>Freshly roasted every morning</Trans>
          </p>
          <h1 className="mt-4 font-display text-4xl leading-tight font-bold sm:text-5xl lg:text-6xl">
            <Trans>Start Your Day with Coffee and Good Meals</Trans>
          </h1>
          <p className="mt-6 max-w-lg text-base leading-relaxed text-white/85 sm:text-lg">
            <Trans>
              We provide high quality coffee beans and healthy meals. Order on our website and enjoy it in store, pick it
              up, or have it brought to your door.
            </Trans>
          </p>
          <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'accent', size: 'lg', className: 'mt-10 font-bold' })}>
            <Trans>Get Started</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
