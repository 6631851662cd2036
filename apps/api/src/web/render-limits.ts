import type { Clock } from '../infra/clock';

const WINDOW_MS = 60_000;
/** Addresses with a live minute remembered at once; past it, a new address gets no render until some minute ends. */
const MAX_ADDRESSES = 50_000;

/**
 * How many server renders (page-cache misses) one client address may start per minute on this node.
 * Renders are this node's own work, so each node counts its own. Past the budget the address gets the
 * app shell, which the browser renders itself: a crowd behind one address still gets working pages.
 */
export interface RenderBudget {
  /** Whether the address has a render left this minute (nothing is counted). */
  allows(address: string): boolean;
  /** Counts a render; true when this one used up the address's minute. */
  spend(address: string): boolean;
}

export function createRenderBudget(perMinute: number, clock: Clock): RenderBudget {
  const minutes = new Map<string, { used: number; resetAt: number }>();
  const current = (address: string, now: number) => {
    const minute = minutes.get(address);
    return minute && minute.resetAt > now ? minute : undefined;
  };
  return {
    allows(address) {
      const now = clock.now().getTime();
      const minute = current(address, now);
      if (minute) return minute.used < perMinute;
      if (minutes.size >= MAX_ADDRESSES) for (const [key, entry] of minutes) if (entry.resetAt <= now) minutes.delete(key);
      return minutes.size < MAX_ADDRESSES;
    },
    spend(address) {
      const now = clock.now().getTime();
      let minute = current(address, now);
      if (!minute) minutes.set(address, (minute = { used: 0, resetAt: now + WINDOW_MS }));
      minute.used += 1;
      return minute.used === perMinute;
    },
  };
}

/**
 * At most `concurrency` renders at once, so a burst of renders cannot take every core and the memory
 * of many half-done pages; a few more wait their turn, and past those a render is refused at once.
 */
export function createRenderGate(concurrency: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> | undefined => {
    if (running < concurrency) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= maxWaiting) return undefined;
    return new Promise((resolve) => waiting.push(resolve));
  };
  // A finished render hands its slot straight to the next in line.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    /** Runs `render` in its turn; undefined, without running it, when too many are waiting already. */
    run<T>(render: () => Promise<T>): Promise<T> | undefined {
      return acquire()?.then(render).finally(release);
    },
    get running() {
      return running;
    },
  };
}
