import type { PricedLine } from '@coffee/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Price } from './price';

/** The options chosen on a cart line (each with what it adds) and the note to the barista, under the line's name. */
export function LineChoices({ line }: { line: Pick<PricedLine, 'options' | 'baristaNote'> }) {
  const { t } = useLingui();
  if (line.options.length === 0 && !line.baristaNote) return null;
  const note = line.baristaNote;
  return (
    <div className="mt-1 text-sm text-muted">
      {line.options.length > 0 && (
        <ul aria-label={t`Options`} className="flex flex-wrap gap-x-3">
          {line.options.map((option) => (
            <li key={option.optionId}>
              {option.name}
              {option.priceDeltaIdr > 0 && (
                <>
                  {' '}
                  (+<Price amount={option.priceDeltaIdr} />)
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {note && (
        <p className="italic">
          <Trans>Note: {note}</Trans>
        </p>
      )}
    </div>
  );
}
