import type { ReactNode } from 'react';
import { render as draw, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { MemberCardView } from './member-card';

const render = (ui: ReactNode) => draw(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

describe('the member card on the profile', () => {
  it('shows the number under a barcode of 95 modules drawn as bars', () => {
    const { container } = render(
      <MemberCardView status={{ card: { number: '2000000000428', issuedAt: '2026-11-23T06:30:00.000Z', issuedBy: 'threshold' }, deliveredTotalIdr: 210_000, thresholdIdr: 200_000 }} />,
    );
    expect(screen.getByText('2000000000428')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Barcode of card 2000000000428' })).toBeTruthy();
    const bars = container.querySelectorAll('rect');
    // Two bars per drawn digit (12) and two per guard (start, centre, end).
    expect(bars).toHaveLength(12 * 2 + 3 * 2);
  });

  it('says how far the delivered orders are from a card', () => {
    render(<MemberCardView status={{ card: null, deliveredTotalIdr: 150_000, thresholdIdr: 200_000 }} />);
    expect(screen.getByText(/to go/).textContent).toBe(
      'Your member card comes by itself when your delivered orders reach IDR 200.000: IDR 50.000 to go. Staff can also issue one at the counter.',
    );
  });
});
