import type { ReactElement } from 'react';
import { render as renderBare, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Testimonials } from './testimonials';
import { i18n } from '../../../lib/i18n';

// The components read their words from Lingui, as under the app's provider.
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });

// Inert slides are hidden from the accessibility tree; the shown one is the only reachable group.
const shownSlide = () => screen.getAllByRole('group').find((slide) => !slide.hasAttribute('inert'));

describe('Testimonials', () => {
  it('shows the ratings and moves between entries with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Testimonials />);
    expect(screen.getByRole('heading', { name: 'Loved by Thousands of Happy Customer' })).toBeTruthy();
    expect(shownSlide()?.textContent).toContain('4.5');

    screen.getByRole('button', { name: 'Next testimonial' }).focus();
    await user.keyboard('{Enter}');
    expect(shownSlide()?.textContent).toContain('4.7');
    await user.keyboard(' ');
    expect(shownSlide()?.textContent).toContain('4.8');
    await user.keyboard('{Enter}');
    expect(shownSlide()?.textContent).toContain('4.5');

    await user.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shownSlide()?.textContent).toContain('4.8');
    expect(screen.getByRole('button', { name: /Show testimonial 3/ }).getAttribute('aria-current')).toBe('true');
  });
});
