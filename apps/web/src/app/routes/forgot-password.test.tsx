import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordRoute } from './forgot-password';
import { stubFetch } from '../../testing/fetch-stub';
import { jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';

const NEUTRAL = 'If an account uses this email, we have sent it a link to choose a new password. The link works for 30 minutes.';

describe('Forgot password', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the link, then counts down from 02:00 and enables Resend Link at 00:00', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = stubFetch(() => jsonResponse({ data: { message: NEUTRAL } }, 202));
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordRoute /> }], '/forgot-password');

    const email = screen.getByLabelText('Email Address');
    expect(email.getAttribute('placeholder')).toBe('Enter your email address to get link');
    await user.type(email, 'rina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText("Click here if you didn't receive any link in 2 minutes")).toBeTruthy();
    expect(screen.getByText(NEUTRAL)).toBeTruthy();
    const timer = screen.getByRole('timer');
    const resend = screen.getByRole<HTMLButtonElement>('button', { name: 'Resend Link' });
    expect(timer.textContent).toBe('02:00');
    expect(resend.disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(timer.textContent).toBe('01:59');
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(timer.textContent).toBe('01:00');
    expect(screen.getByText('One minute left before you can resend the link.')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(timer.textContent).toBe('00:01');
    expect(resend.disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(timer.textContent).toBe('00:00');
    expect(resend.disabled).toBe(false);
    expect(screen.getByText('You can resend the link now.')).toBeTruthy();

    await user.click(resend);
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['POST', '/api/v1/auth/forgot-password', { email: 'rina@example.com' }],
      ['POST', '/api/v1/auth/forgot-password', { email: 'rina@example.com' }],
    ]);
    await vi.waitFor(() => expect(screen.getByRole('timer').textContent).toBe('02:00'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Resend Link' }).disabled).toBe(true);
  });

  it('asks for a valid address before calling the API', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = stubFetch(() => jsonResponse({ data: { message: NEUTRAL } }, 202));
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordRoute /> }], '/forgot-password');
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByLabelText('Email Address');
    expect(await screen.findByText('Enter a valid email address, like name@example.com')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(api.requests).toHaveLength(0);
  });
});
