import { useRef, type PointerEvent } from 'react';

/** How far (px) a finger must travel sideways, more than up or down, to count as a swipe. */
const SWIPE_PX = 40;

/**
 * Pointer handlers that turn a sideways swipe into `onSwipe(-1)` (towards the previous photo, a swipe
 * to the right) or `onSwipe(1)`. The element needs `touch-action: pan-y` so the browser keeps
 * vertical scrolling and leaves sideways moves to us. `swiped()` tells a click handler that the
 * pointer just swiped, so the click that ends a swipe does nothing else.
 */
export function useSwipe(onSwipe: (direction: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const lastSwipe = useRef(0);
  return {
    handlers: {
      onPointerDown: (e: PointerEvent) => {
        start.current = { x: e.clientX, y: e.clientY };
      },
      onPointerUp: (e: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const dx = e.clientX - from.x;
        if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) <= Math.abs(e.clientY - from.y)) return;
        lastSwipe.current = Date.now();
        onSwipe(dx < 0 ? 1 : -1);
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
    swiped: () => Date.now() - lastSwipe.current < 400,
  };
}
