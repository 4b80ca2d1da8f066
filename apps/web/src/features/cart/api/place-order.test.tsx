import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { stubFetch } from '../../../testing/fetch-stub';
import { createOrder } from '../../../testing/order-factory';
import { jsonResponse } from '../../../testing/product-factory';
import { usePlaceOrder } from './place-order';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

describe('usePlaceOrder', () => {
  it('keeps one Idempotency-Key through failed tries and starts a new one after an order is placed', async () => {
    let attempt = 0;
    const { requests } = stubFetch(() => {
      attempt += 1;
      if (attempt === 1) return jsonResponse({ message: 'The shop answered with an error' }, 503);
      return jsonResponse({ data: createOrder({ id: attempt }) }, 201);
    });
    const { result } = renderHook(() => usePlaceOrder(), { wrapper });
    const input = { paymentMethod: 'card' as const, expectedTotalIdr: 57_200 };

    await act(() => result.current.mutateAsync(input).catch(() => undefined));
    await act(() => result.current.mutateAsync(input));
    await act(() => result.current.mutateAsync(input));

    const keys = requests.filter((r) => r.url.pathname === '/api/v1/orders').map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('starts a new key when the shop says the key already stands for another order', async () => {
    let attempt = 0;
    const { requests } = stubFetch(() => {
      attempt += 1;
      if (attempt === 1) {
        return jsonResponse({ message: 'This Idempotency-Key was already used for a different order request', field: 'idempotency-key' }, 409);
      }
      return jsonResponse({ data: createOrder() }, 201);
    });
    const { result } = renderHook(() => usePlaceOrder(), { wrapper });
    await act(() => result.current.mutateAsync({ paymentMethod: 'card', expectedTotalIdr: 57_200 }).catch(() => undefined));
    await act(() => result.current.mutateAsync({ paymentMethod: 'card', expectedTotalIdr: 57_200 }));
    const [first, second] = requests.map((r) => r.headers['Idempotency-Key']);
    expect(second).not.toBe(first);
  });
});
