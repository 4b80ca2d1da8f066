import { useCallback, useEffect, useState } from 'react';

/** 125 -> '02:05' */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/**
 * A countdown in whole seconds, measured against the clock (not by counting ticks), so a throttled
 * background tab still ends on time. `remaining` is null until `start()` is called.
 */
export function useCountdown(durationSeconds: number) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      // Equal values do not re-render, so the quarter-second ticks cost nothing between changes.
      setRemaining(left);
      if (left === 0) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 250);
    tick();
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    setRemaining(durationSeconds);
    setEndsAt(Date.now() + durationSeconds * 1000);
  }, [durationSeconds]);

  return { remaining, start, running: remaining !== null && remaining > 0 };
}
