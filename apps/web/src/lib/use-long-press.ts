import { useCallback, useEffect, useRef } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';

export const LONG_PRESS_MS = 600;
// A finger that travels further than this is scrolling, not pressing.
const MOVE_TOLERANCE_PX = 10;

type LongPressHandlers = {
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
  onContextMenu: (event: { preventDefault: () => void }) => void;
};

/**
 * History: 'Long press to delete item'. A pointer (touch, pen or the main mouse button)
 * held down for 600 ms calls `onLongPress`; releasing, leaving, moving away or the browser taking over
 * the gesture (a scroll: pointercancel) before then calls nothing. Presses that start on a button or a
 * link belong to that control. Keyboard users need another way to the same action (a visible button).
 */
export function useLongPress(onLongPress: () => void, ms = LONG_PRESS_MS): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  return {
    onPointerDown: (event) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      if (event.target instanceof Element && event.target.closest('button, a, input, textarea, select')) return;
      cancel();
      fired.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        callback.current();
      }, ms);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onPointerMove: (event) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel();
    },
    // A held finger opens the browser's context menu on touch screens; after a long press it must not.
    onContextMenu: (event) => {
      if (fired.current || timer.current !== null) event.preventDefault();
    },
  };
}
