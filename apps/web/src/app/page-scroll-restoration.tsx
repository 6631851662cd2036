import { useEffect } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';

/** Where the router keeps saved positions by history key (its default sessionStorage key). */
const SAVED_POSITIONS = 'react-router-scroll-positions';
/** Give up waiting for the content after this long: a shorter page keeps the router's position. */
const WAIT_MS = 5000;

let firstPageOfDocument = true;

function savedPosition(key: string): number | null {
  try {
    const positions = JSON.parse(sessionStorage.getItem(SAVED_POSITIONS) ?? '{}') as Record<string, unknown>;
    const y = positions[key];
    return typeof y === 'number' && y > 0 ? y : null;
  } catch {
    return null;
  }
}

/**
 * Back, forward or reload into a page of this app loads a new document whose list arrives after the
 * router has restored the position, so the page is still too short and the scroll stops early. This
 * scrolls on to the saved position once the page has grown tall enough, unless the reader moves first.
 */
function useFinishRestoreWhenContentArrives() {
  const { key } = useLocation();
  useEffect(() => {
    if (!firstPageOfDocument) return;
    firstPageOfDocument = false;
    const target = savedPosition(key);
    if (target === null || typeof ResizeObserver === 'undefined') return;
    const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of inputs) window.removeEventListener(type, stop);
    };
    const attempt = () => {
      if (Math.abs(window.scrollY - target) < 2) return stop();
      if (document.documentElement.scrollHeight - window.innerHeight >= target) {
        window.scrollTo(0, target);
        stop();
      }
    };
    const observer = new ResizeObserver(attempt);
    const timer = setTimeout(stop, WAIT_MS);
    for (const type of inputs) window.addEventListener(type, stop, { passive: true });
    observer.observe(document.body);
    attempt();
    return stop;
    // Only the page the document opened on: later pages are restored by the router.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The router's scroll restoration (a position per history entry), finished once late content arrives. */
export function PageScrollRestoration() {
  useFinishRestoreWhenContentArrives();
  return <ScrollRestoration />;
}
