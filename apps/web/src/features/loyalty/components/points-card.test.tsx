import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@lingui/react';
import type { LoyaltyAccount, LoyaltyTier, Reward } from '@coffee/contract';
import { i18n, startLanguage } from '../../../lib/i18n';
import { writeLoginRecord } from '../../../lib/login-record';
import { useSignOut } from '../../../lib/sign-out';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { PointsSection, TierLine } from './points-card';

const KEPT_KEY = '@private:points:3';
const account: LoyaltyAccount = {
  balance: 120,
  idrPerPoint: 1000,
  expiryDays: null,
  expiresAt: null,
  tier: null,
  entries: [{ id: 1, kind: 'earned', points: 120, label: 'Order #7: IDR 120.000 paid', orderId: 7, at: '2026-11-20T03:00:00.000Z' }],
};
const rewards: Reward[] = [{ id: 1, name: 'Free drink, any size', pointsCost: 100, kind: 'drink', optionName: null, isActive: true }];

function SignOutButton() {
  const { signOut } = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Log out
    </button>
  );
}

function renderProfile() {
  act(() => writeLoginRecord({ id: 3, email: 'rina@example.com', role: 'customer', displayName: 'Rina', photoUrl: null }));
  return renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <>
            <PointsSection />
            <SignOutButton />
          </>
        ),
      },
      { path: '/login', element: <p>Login page</p> },
    ],
    '/profile',
  );
}

describe('the points card', () => {
  it('keeps the last answer on the device and shows it, with when it came, when the shop cannot be reached', async () => {
    stubFetch((url) => (url.pathname === '/api/v1/loyalty' ? jsonResponse({ data: account }) : jsonResponse({ data: rewards })));
    const online = renderProfile();
    expect((await screen.findByTestId('points-balance')).textContent).toBe('120 points');
    expect(screen.queryByText(/You are offline/)).toBeNull();
    await vi.waitFor(() => expect(localStorage.getItem(KEPT_KEY)).not.toBeNull());
    online.unmount();

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderProfile();
    expect(await screen.findByText('You are offline or the shop cannot be reached: these are your points as this device last saw them.')).toBeTruthy();
    expect(screen.getByTestId('points-balance').textContent).toBe('120 points');
    expect(screen.getByText('Order #7: IDR 120.000 paid')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Rewards' }).textContent).toContain('Free drink, any size100 points: use it at checkout');
    expect(screen.getByText(/^Last updated /)).toBeTruthy();
  });

  it('forgets the kept answer on sign-out, so the next person on the device cannot read it', async () => {
    const user = userEvent.setup();
    stubFetch((url) => (url.pathname === '/api/v1/loyalty' ? jsonResponse({ data: account }) : url.pathname === '/api/v1/loyalty/rewards' ? jsonResponse({ data: rewards }) : new Response(null, { status: 204 })));
    renderProfile();
    await vi.waitFor(() => expect(localStorage.getItem(KEPT_KEY)).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(localStorage.getItem(KEPT_KEY)).toBeNull();
  });
});

const renderTier = (line: LoyaltyTier) =>
  render(
    <I18nProvider i18n={i18n}>
      <TierLine tier={line} />
    </I18nProvider>,
  );

describe('the tier line', () => {
  afterEach(() => startLanguage('en', ['shop', 'account', 'staff', 'contract']));

  const tier = (over: Partial<LoyaltyTier>): LoyaltyTier => ({ name: 'Member', idrPerPoint: 1000, spentIdr: 850_000, goldSpendIdr: 1_000_000, goldIdrPerPoint: 500, toNextIdr: 150_000, ...over });

  it('says plainly what a Member still has to spend to reach Gold', () => {
    renderTier(tier({}));
    expect(screen.getByTestId('points-tier').textContent).toBe(
      'Member: spend IDR 150.000 more to reach Gold, and earn a point for every IDR 500. Gold counts what you paid in the last 12 months (IDR 850.000 so far).',
    );
  });

  it('tells a Gold customer what keeps them Gold', () => {
    renderTier(tier({ name: 'Gold', idrPerPoint: 500, spentIdr: 1_200_000, toNextIdr: null }));
    expect(screen.getByTestId('points-tier').textContent).toBe(
      'Gold: you earn a point for every IDR 500 while your orders of the last 12 months come to IDR 1.000.000 or more (now IDR 1.200.000).',
    );
  });

  it('speaks Indonesian, with rupiah as Indonesian writes them, when the page is in Indonesian', async () => {
    await startLanguage('id', ['shop', 'account', 'staff', 'contract']);
    renderTier(tier({}));
    expect(screen.getByTestId('points-tier').textContent).toBe(
      'Member: belanja Rp150.000 lagi untuk naik ke Gold, lalu dapatkan satu poin setiap Rp500. Gold dihitung dari pembayaran Anda dalam 12 bulan terakhir (sejauh ini Rp850.000).',
    );
  });
});
