import type { ReactElement } from 'react';
import { render as renderBare, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import { Price } from './price';
import { i18n } from '../../lib/i18n';

// The components read their words from Lingui, as under the app's provider.
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });

describe('Price', () => {
  it('shows whole rupiah with a dot between thousands: 34000 is IDR 34.000', () => {
    render(<Price amount={34_000} />);
    expect(screen.getByText('IDR 34.000')).toBeTruthy();
  });

  it('groups every three digits with a dot', () => {
    render(<Price amount={1_250_500} />);
    expect(screen.getByText('IDR 1.250.500')).toBeTruthy();
  });

  it('shows small amounts without a separator and keeps the raw value for machines', () => {
    const { container } = render(<Price amount={500} />);
    const data = container.querySelector('data');
    expect(data?.textContent).toBe('IDR 500');
    expect(data?.getAttribute('value')).toBe('500');
  });
});
