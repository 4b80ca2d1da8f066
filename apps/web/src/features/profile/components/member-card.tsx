import type { MemberCardStatus } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Price } from '../../../components/ui/price';
import { useMemberCard } from '../api/get-member-card';
import { ean13Modules } from './ean13';

/** Runs of '1' modules as bars: a wide bar is one rectangle, so no hairline gaps show when scaled. */
function barsOf(modules: string): { x: number; width: number }[] {
  const bars: { x: number; width: number }[] = [];
  for (const match of modules.matchAll(/1+/g)) bars.push({ x: match.index, width: match[0].length });
  return bars;
}

/** The card's barcode as SVG bars: one unit per module, quiet zones either side, scaled to the card. */
export function Barcode({ number }: { number: string }) {
  const { t } = useLingui();
  const modules = ean13Modules(number);
  if (!modules) return null;
  const quiet = 9;
  return (
    <svg
      viewBox={`0 0 ${modules.length + quiet * 2} 40`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t`Barcode of card ${number}`}
      className="h-16 w-full max-w-72 bg-white"
    >
      {barsOf(modules).map(({ x, width }) => (
        <rect key={x} x={quiet + x} y={2} width={width} height={36} fill="#0b132a" />
      ))}
    </svg>
  );
}

/** What the profile shows: the card to scan at the counter, or how much more delivered orders earn one. */
export function MemberCardView({ status }: { status: MemberCardStatus }) {
  if (!status.card) {
    const missing = Math.max(0, status.thresholdIdr - status.deliveredTotalIdr);
    return (
      <p className="text-sm text-muted">
        <Trans>
          Your member card comes by itself when your delivered orders reach <Price amount={status.thresholdIdr} />: <Price amount={missing} /> to
          go. Staff can also issue one at the counter.
        </Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <Barcode number={status.card.number} />
      <p className="font-display text-lg tracking-[0.2em] text-ink tabular-nums">{status.card.number}</p>
      <p className="text-sm text-muted">
        <Trans>Show it at the counter, or keep it on your profile: coupons for members check it by themselves.</Trans>
      </p>
    </div>
  );
}

export function MemberCardSection() {
  const query = useMemberCard();
  return (
    <section aria-labelledby="member-card-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="member-card-title" className="font-display text-xl font-bold text-espresso-deep">
        <Trans>Member Card</Trans>
      </h2>
      <div className="mt-4">
        {query.isPending ? (
          <p className="text-sm text-muted">
            <Trans>Loading your card…</Trans>
          </p>
        ) : query.isError ? (
          <p className="text-sm text-muted">
            <Trans>Your member card could not be loaded. Please reload.</Trans>
          </p>
        ) : (
          <MemberCardView status={query.data} />
        )}
      </div>
    </section>
  );
}
