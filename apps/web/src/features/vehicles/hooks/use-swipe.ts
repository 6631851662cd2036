import { useRef, type PointerEvent } from 'react';

/** How far (px) a finger must travel sideways, more than up or down, to count as a swipe. */
const SWIPE_PX = 40;

/**
 * Pointer handlers that turn a sideways swipe into `onSwipe(-1)` (towards the previous photo, a swipe
 * to the right) or `onSwipe(1)`. The element needs `touch-action: pan-y` so the browser keeps
 * vertical scrolling and leaves sideways moves to us. `swiped()` tells a click handler that the
 * press it ends was a swipe, so the click that ends a swipe does nothing else.
 */
export function useSwipe(onSwipe: (direction: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  // Whether the pointer's last press ended in a swipe; the next press starts afresh.
  const wasSwipe = useRef(false);
  return {
    handlers: {
      onPointerDown: (e: PointerEvent) => {
        start.current = { x: e.clientX, y: e.clientY };
        wasSwipe.current = false;
      },
      onPointerUp: (e: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const dx = e.clientX - from.x;
        if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) <= Math.abs(e.clientY - from.y)) return;
        wasSwipe.current = true;
        onSwipe(dx < 0 ? 1 : -1);
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
    /** True once for the click that ends a swipe (a later click, e.g. by keyboard, is a click again). */
    swiped: () => {
      const was = wasSwipe.current;
      wasSwipe.current = false;
      return was;
    },
  };
}
