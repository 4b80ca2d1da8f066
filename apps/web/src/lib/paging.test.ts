import { describe, expect, it } from 'vitest';
import { nextPageParam } from './paging';

describe('nextPageParam', () => {
  it('asks for the next page while items remain', () => {
    expect(nextPageParam({ meta: { page: 1, limit: 20, total: 21 } })).toBe(2);
  });

  it('stops after the page that holds the last item', () => {
    expect(nextPageParam({ meta: { page: 2, limit: 20, total: 40 } })).toBeUndefined();
    expect(nextPageParam({ meta: { page: 1, limit: 20, total: 0 } })).toBeUndefined();
  });
});
