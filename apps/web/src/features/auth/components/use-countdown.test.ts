import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMinutesSeconds, useCountdown } from './use-countdown';

describe('useCountdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes mm:ss', () => {
    expect(formatMinutesSeconds(120)).toBe('02:00');
    expect(formatMinutesSeconds(65)).toBe('01:05');
    expect(formatMinutesSeconds(0)).toBe('00:00');
    expect(formatMinutesSeconds(-3)).toBe('00:00');
  });

  it('follows the clock, so a tab whose timers were paused still ends on time', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown(120));
    expect(result.current.remaining).toBeNull();
    act(() => result.current.start());
    expect(result.current.remaining).toBe(120);
    expect(result.current.running).toBe(true);

    // 90 s pass without any timer firing (a throttled background tab), then one tick.
    vi.setSystemTime(Date.now() + 90_000);
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(result.current.remaining).toBe(30);

    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);
  });
});
