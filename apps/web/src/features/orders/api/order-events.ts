import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ORDER_STREAM_EVENT } from '@coffee/contract';
import type { OrderStreamEvent } from '@coffee/contract';
import { apiUrl } from '../../../lib/api-client';
import { staffOrdersKey } from './get-staff-orders';

/** The keys every order query of a customer starts with (History and each order's page). */
const customerOrdersKey = ['orders'] as const;

/** While the live stream is down: how often the order screens ask again. */
export const ORDER_FALLBACK_POLL_MS = 5_000;
/** Failed connections in a row before the screen stops waiting for the stream and polls instead. */
const FAILURES_BEFORE_POLLING = 2;

export type OrderEventsScope = 'mine' | 'staff';

const streamPath: Record<OrderEventsScope, string> = { mine: '/orders/events', staff: '/staff/orders/events' };
const keysOf: Record<OrderEventsScope, readonly string[]> = { mine: customerOrdersKey, staff: staffOrdersKey };

/**
 * Keeps the order screens current without a reload: GET /api/v1/orders/events (or the staff's stream) as an
 * EventSource; each step invalidates the order queries, so they refetch within moments. EventSource reconnects by
 * itself with the last id it saw and the server sends what was missed. When the stream cannot be opened (a proxy
 * that refuses it, an old browser) the queries are polled every 5 s instead. `onEvent` sees each step (the staff
 * screen's sound).
 */
export function useOrderEvents(scope: OrderEventsScope, onEvent?: (event: OrderStreamEvent) => void): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    const invalidate = () => void queryClient.invalidateQueries({ queryKey: keysOf[scope] });
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      poll ??= setInterval(invalidate, ORDER_FALLBACK_POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };
    if (typeof EventSource === 'undefined') {
      startPolling();
      return stopPolling;
    }

    const source = new EventSource(apiUrl(streamPath[scope]));
    let failures = 0;
    source.addEventListener('open', () => {
      failures = 0;
      setLive(true);
      stopPolling();
      // Anything that happened before the stream was open (or while it was down) is read again once.
      invalidate();
    });
    source.addEventListener(ORDER_STREAM_EVENT, (message) => {
      invalidate();
      try {
        handler.current?.(JSON.parse((message as MessageEvent<string>).data) as OrderStreamEvent);
      } catch {
        // A message that is not ours to read changes nothing but the refetch above.
      }
    });
    source.addEventListener('error', () => {
      setLive(false);
      failures += 1;
      // CLOSED: the browser gave up (a 401, a wrong content type); otherwise it is retrying by itself.
      if (source.readyState === EventSource.CLOSED || failures >= FAILURES_BEFORE_POLLING) startPolling();
    });
    return () => {
      source.close();
      stopPolling();
    };
  }, [queryClient, scope]);

  return { live };
}
