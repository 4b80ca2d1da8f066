import { useState } from 'react';
import type { ReactElement } from 'react';
import { render as renderBare, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createShopSettings } from '@coffee/contract/testing';
import { ArrivalTimeField } from './delivery-choice';
import { i18n } from '../../lib/i18n';

// The components read their words from Lingui, as under the app's provider.
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });

function Harness({ start = '' }: { start?: string }) {
  const [time, setTime] = useState(start);
  return (
    <>
      <ArrivalTimeField value={time} onChange={setTime} method="dine-in" windows={createShopSettings().deliveryWindows} />
      <output aria-label="chosen">{time}</output>
      <button type="button" onClick={() => setTime('10:15')}>
        Pick 10:15
      </button>
    </>
  );
}

describe('the Set time field', () => {
  it('shows and keeps a 24-hour time, and reads a 12-hour one typed in as 24-hour', async () => {
    const user = userEvent.setup();
    render(<Harness start="17:45" />);
    const field = screen.getByLabelText<HTMLInputElement>('Set time :');
    expect(field.value).toBe('17:45');

    await user.clear(field);
    await user.type(field, '5:30 pm');
    await user.tab();
    expect(field.value).toBe('17:30');
    expect(screen.getByLabelText('chosen').textContent).toBe('17:30');
  });

  it('says how to write a time it cannot read, and takes a time set from elsewhere', async () => {
    const user = userEvent.setup();
    render(<Harness start="12:00" />);
    const field = screen.getByLabelText<HTMLInputElement>('Set time :');
    await user.clear(field);
    await user.type(field, 'half past');
    await user.tab();
    const message = screen.getByText('Write the time as HH:MM on the 24-hour clock, e.g. 19:30.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    // Emptied while typing: "as soon as possible" until something readable is typed.
    expect(screen.getByLabelText('chosen').textContent).toBe('');

    await user.click(screen.getByRole('button', { name: 'Pick 10:15' }));
    expect(field.value).toBe('10:15');
    expect(screen.queryByText(/Write the time as HH:MM/)).toBeNull();
  });
});
