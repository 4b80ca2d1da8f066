import { useState } from 'react';
import type { ReactElement } from 'react';
import { render as renderBare, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Stepper } from './stepper';
import { i18n } from '../../lib/i18n';

// The components read their words from Lingui, as under the app's provider.
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });

function Counter({ start = 0, max }: { start?: number; max?: number }) {
  const [value, setValue] = useState(start);
  return <Stepper value={value} onChange={setValue} label="Regular" max={max} />;
}

const count = () => screen.getByRole('status').textContent;
const minus = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease Regular' });
const plus = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Increase Regular' });

describe('Stepper', () => {
  it('starts at 0 with the minus button disabled', () => {
    render(<Counter />);
    expect(count()).toBe('0');
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(false);
  });

  it('goes up by one and back down, never below 0', async () => {
    const user = userEvent.setup();
    render(<Counter />);
    await user.click(plus());
    await user.click(plus());
    expect(count()).toBe('2');
    expect(minus().disabled).toBe(false);

    await user.click(minus());
    await user.click(minus());
    expect(count()).toBe('0');
    expect(minus().disabled).toBe(true);

    await user.click(minus());
    expect(count()).toBe('0');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Counter />);
    plus().focus();
    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(count()).toBe('3');
  });

  it('stops at its maximum', async () => {
    const user = userEvent.setup();
    render(<Counter start={1} max={2} />);
    await user.click(plus());
    await user.click(plus());
    expect(count()).toBe('2');
    expect(plus().disabled).toBe(true);
  });
});
