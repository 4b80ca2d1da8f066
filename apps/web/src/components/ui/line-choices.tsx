import type { PricedLine } from '@coffee/contract';
import { Price } from './price';

/** The options chosen on a cart line (each with what it adds) and the note to the barista, under the line's name. */
export function LineChoices({ line }: { line: Pick<PricedLine, 'options' | 'baristaNote'> }) {
  if (line.options.length === 0 && !line.baristaNote) return null;
  return (
    <div className="mt-1 text-sm text-muted">
      {line.options.length > 0 && (
        <ul aria-label="Options" className="flex flex-wrap gap-x-3">
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
      {line.baristaNote && <p className="italic">Note: {line.baristaNote}</p>}
    </div>
  );
}
