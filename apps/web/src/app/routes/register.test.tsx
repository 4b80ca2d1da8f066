import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RegisterRoute } from './register';
import { LoginRoute } from './login';
import { stubFetch } from '../../testing/fetch-stub';
import { jsonResponse } from '../../testing/product-factory';
import { renderRoutes } from '../../testing/render';

const NOT_CONFIGURED = { data: { enabled: false, providerName: 'Google', startUrl: null } };
const RINA = { id: 7, email: 'rina@example.com', role: 'customer', displayName: '', photoUrl: null };
const THANKS = 'Thanks for signing up! Sign in with your email and password. We have sent you an email about your account.';

function setup(register: () => Response = () => jsonResponse({ data: { email: 'rina@example.com', message: THANKS } }, 201)) {
  const api = stubFetch((url) => (url.pathname === '/api/v1/auth/oidc' ? jsonResponse(NOT_CONFIGURED) : register()));
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  const view = renderRoutes(
    [
      { path: '/register', element: <RegisterRoute /> },
      { path: '/login', element: <LoginRoute /> },
    ],
    '/register',
  );
  const registerCalls = () => api.requests.filter((r) => r.url.pathname === '/api/v1/auth/register');
  return { ...view, alert, registerCalls };
}

describe('Register', () => {
  it('alerts the first empty field, in this order: email, password, phone', async () => {
    const user = userEvent.setup();
    const { alert, registerCalls } = setup();
    const signUp = screen.getByRole('button', { name: 'Sign Up' });

    await user.click(signUp);
    expect(alert).toHaveBeenLastCalledWith('email is required: please enter your email address.');

    await user.type(screen.getByLabelText('Email Address'), 'rina@example.com');
    await user.click(signUp);
    expect(alert).toHaveBeenLastCalledWith('password is required: please choose a password.');

    // Only the first missing field is alerted, even when several are empty.
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Password'), 'latte-art-2024');
    await user.click(signUp);
    expect(alert).toHaveBeenLastCalledWith('email is required: please enter your email address.');

    await user.type(screen.getByLabelText('Email Address'), 'rina@example.com');
    await user.click(signUp);
    expect(alert).toHaveBeenLastCalledWith('phone is required: please enter your phone number.');
    expect(alert).toHaveBeenCalledTimes(4);
    expect(registerCalls()).toHaveLength(0);

    await user.type(screen.getByLabelText('Phone Number'), '+62 812 3456 7890');
    await user.click(signUp);
    expect(await screen.findByText(THANKS)).toBeTruthy();
    expect(alert).toHaveBeenCalledTimes(4);
    expect(registerCalls()[0]?.body).toEqual({ email: 'rina@example.com', password: 'latte-art-2024', phone: '+62 812 3456 7890' });
  });

  it('signs the new customer in and goes back where they were going', async () => {
    const user = userEvent.setup();
    const api = stubFetch((url) => {
      if (url.pathname === '/api/v1/auth/oidc') return jsonResponse(NOT_CONFIGURED);
      if (url.pathname === '/api/v1/auth/register') return jsonResponse({ data: { email: 'rina@example.com', message: THANKS } }, 201);
      if (url.pathname === '/api/v1/auth/login') return jsonResponse({ data: RINA });
      return jsonResponse({ message: 'Not here' }, 404);
    });
    const { router } = renderRoutes(
      [
        { path: '/register', element: <RegisterRoute /> },
        { path: '/login', element: <LoginRoute /> },
        { path: '/payment', element: <h1>Checkout</h1> },
      ],
      '/register?returnTo=%2Fpayment',
    );
    await user.type(screen.getByLabelText('Email Address'), 'rina@example.com');
    await user.type(screen.getByLabelText('Password'), 'latte-art-2024');
    await user.type(screen.getByLabelText('Phone Number'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment');
    expect(api.requests.find((r) => r.url.pathname === '/api/v1/auth/login')?.body).toEqual({ email: 'rina@example.com', password: 'latte-art-2024' });
    expect(JSON.parse(localStorage.getItem('@userLogin') ?? 'null')).toMatchObject({ email: 'rina@example.com' });
  });

  it('never goes to another site, whatever returnTo says', () => {
    stubFetch(() => jsonResponse(NOT_CONFIGURED));
    const { router } = renderRoutes(
      [
        { path: '/register', element: <RegisterRoute /> },
        { path: '/login', element: <LoginRoute /> },
      ],
      '/register?returnTo=%2F%2Fevil.example%2Fpay',
    );
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getAllByRole('link', { name: 'Login here' })[0]?.getAttribute('href')).toBe('/login');
  });

  it('goes to /login, with the server sentence shown there, when the new account cannot sign in at once', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    await user.type(screen.getByLabelText('Email Address'), 'rina@example.com');
    await user.type(screen.getByLabelText('Password'), 'latte-art-2024');
    await user.type(screen.getByLabelText('Phone Number'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText(THANKS).closest('[role="status"]')).not.toBeNull();
  });

  it('shows a server refusal on the page, next to the field it names, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { router } = setup(() =>
      jsonResponse({ message: 'Phone number must have 6 to 15 digits.', field: 'phone', errors: [{ field: 'phone', message: 'must have 6 to 15 digits' }] }, 400),
    );
    await user.type(screen.getByLabelText('Email Address'), 'rina@example.com');
    await user.type(screen.getByLabelText('Password'), 'latte-art-2024');
    await user.type(screen.getByLabelText('Phone Number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const phone = screen.getByLabelText('Phone Number');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    // Once, under the field: no banner repeating it.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText(/must have 6 to 15 digits/)).toHaveLength(1);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Phone number must have 6 to 15 digits');
    expect(document.activeElement).toBe(phone);
    expect((phone as HTMLInputElement).value).toBe('12345');
    expect(router.state.location.pathname).toBe('/register');
  });

  it('shows Sign Up with Google, disabled with the reason, when no provider is set up', async () => {
    setup();
    const google = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign Up with Google' });
    expect(google.disabled).toBe(true);
    await vi.waitFor(() => expect(google.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(google.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Google sign-in is not set up for this shop. Sign in with your email and password.',
    );
    expect(screen.getByRole('link', { name: 'Login here' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot-password');
  });
});
