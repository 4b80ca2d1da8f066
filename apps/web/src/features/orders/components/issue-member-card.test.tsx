import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { jsonResponse } from '../../../testing/product-factory';
import { renderRoutes } from '../../../testing/render';
import { IssueMemberCard } from './issue-member-card';

describe('Issue member card (staff, at the counter)', () => {
  it("issues the customer's card and shows its number", async () => {
    const user = userEvent.setup();
    const { requests } = stubFetch(() =>
      jsonResponse({ data: { number: '2000000000428', issuedAt: '2026-11-23T06:30:00.000Z', issuedBy: 'staff' } }),
    );
    renderRoutes([{ path: '/', element: <IssueMemberCard customerId={42} /> }], '/');
    await user.click(screen.getByRole('button', { name: 'Issue member card' }));
    expect(await screen.findByText('Member card 2000000000428')).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /api/v1/staff/customers/42/member-card']);
  });
});
