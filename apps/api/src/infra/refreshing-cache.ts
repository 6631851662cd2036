import { createBoundedCache, type BoundedCache } from './bounded-cache';

export interface RefreshingCacheOptions {
  /** After this long a value is refreshed in the background; until then it is served as it is. 0 keeps nothing. */
  freshMs: number;
  /** A value is never served older than this (the answer waits for a new one). */
  maxAgeMs: number;
  maxEntries: number;
  now?: () => number;
  /** Empties the cache when public data changes on any node. */
  changes?: { onChange(listener: () => void): unknown };
}

interface Entry<V> {
  value: V;
  refreshAt: number;
}

/**
 * Values that cost a scan to make and that their readers accept seconds old (the public list's totals
 * and filter choices, the admin dashboard's figures). A value past `freshMs` is still served while one
 * request's refresh runs in the background, so no reader waits for a count a second time; a write (any
 * node, through the change bus) empties the cache at once, and the next answer waits for a value made
 * after it.
 * Concurrent misses of one key make it once (the bounded cache's single flight).
 */
export function createRefreshingCache<V>(options: RefreshingCacheOptions) {
  const { freshMs, maxAgeMs, maxEntries, now = Date.now } = options;
  const cache: BoundedCache<Entry<V>> = createBoundedCache<Entry<V>>({
    ttlMs: freshMs > 0 ? maxAgeMs : 0,
    maxEntries,
    now,
    changes: options.changes,
  });
  const refreshing = new Set<string>();

  const make = async (compute: () => Promise<V>): Promise<Entry<V>> => {
    const value = await compute();
    return { value, refreshAt: now() + freshMs };
  };

  function refresh(key: string, compute: () => Promise<V>) {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const generation = cache.generation;
    make(compute)
      .then((entry) => cache.set(key, entry, generation))
      // A failed refresh leaves the old value until maxAgeMs; the next miss reports the error.
      .catch(() => {})
      .finally(() => refreshing.delete(key));
  }

  return {
    async get(key: string, compute: () => Promise<V>): Promise<V> {
      const hit = cache.get(key);
      if (hit) {
        if (hit.refreshAt <= now()) refresh(key, compute);
        return hit.value;
      }
      return (await cache.load(key, () => make(compute))).value;
    },
    clear: () => cache.clear(),
  };
}
