import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import { VA_BANKS, VA_BANK_LABELS } from '@coffee/contract';
import type { VaBank } from '@coffee/contract';
import { inputStyles } from '../../../components/ui/form-field';
import { SelectOptions } from '../../../components/ui/select-options';

/** Bank Account through the payment gateway: the bank whose virtual account the customer transfers to. */
export function VaBankChoice({ value, onChange }: { value: VaBank; onChange: (bank: VaBank) => void }) {
  const id = useId();
  return (
    <div className="mt-4 flex flex-col gap-1">
      <label htmlFor={id} className="font-display text-sm font-medium text-ink">
        <Trans>Virtual account at</Trans>
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as VaBank)} className={inputStyles({ className: 'max-w-xs' })}>
        <SelectOptions items={VA_BANKS} value={(bank) => bank} label={(bank) => VA_BANK_LABELS[bank]} />
      </select>
    </div>
  );
}
