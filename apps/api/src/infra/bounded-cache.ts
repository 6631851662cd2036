/**
 * The one cache primitive on the visitor path: entries expire after `ttlMs`, the oldest go first past
 * `maxEntries` (or `maxBytes` when entries are sized), and a change anywhere (`changes.onChange`, the
 * change bus) empties it and starts a new generation. A value computed in an older generation is not
 * kept: it may predate the write that ended that generation.
 *
 * A cache, never state: a miss only costs the work again, so every bound may evict freely.
 */
export interface BoundedCacheOptions<V> {
  /** How long an entry is served; 0 keeps nothing (tests that write behind the service's back). */
  ttlMs: number;
  /**
   * How long past its lifetime an entry may still be read through `stale()`, while one caller computes
   * its successor: an entry that only aged (no change emptied the cache) is served a moment longer
   * rather than making every caller queue behind the recomputation. 0 (the default): never.
   */
  staleMs?: number;
  maxEntries: number;
  /** With `sizeOf`, the total size kept stays under this (the page cache bounds bytes, not only count). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  now?: () => number;
  /**
   * Empties the cache when public data changes on any node. While `connected` is false changes may be
   * missed: the cache then neither serves nor keeps anything (loads are still shared).
   */
  changes?: { onChange(listener: () => void): unknown; readonly connected?: boolean };
}

export interface BoundedCache<V> {
  get(key: string): V | undefined;
  /** An entry past its lifetime by at most `staleMs`, in this generation, or undefined. */
  stale(key: string): V | undefined;
  /** Keeps `value` unless the cache was emptied since `generation` was read. */
  set(key: string, value: V, generation?: number): void;
  /** The cached value, or `compute()` once for all concurrent callers of the same key. */
  load(key: string, compute: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
  /** Rises with every `clear()`: read it before computing, pass it to `set`. */
  readonly generation: number;
  readonly size: number;
  readonly bytes: number;
}

export function createBoundedCache<V>(options: BoundedCacheOptions<V>): BoundedCache<V> {
  const { ttlMs, staleMs = 0, maxEntries, maxBytes = Infinity, sizeOf, now = Date.now } = options;
  const entries = new Map<string, { value: V; expires: number; size: number }>();
  const inFlight = new Map<string, Promise<V>>();
  let generation = 0;
  let bytes = 0;
  const live = () => options.changes?.connected !== false;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
  };

  const cache: BoundedCache<V> = {
    get(key) {
      const entry = live() ? entries.get(key) : undefined;
      if (!entry) return undefined;
      const at = now();
      if (entry.expires <= at) {
        // Kept for `stale()` a moment longer; the bounds evict it like any other entry.
        if (entry.expires + staleMs <= at) remove(key);
        return undefined;
      }
      return entry.value;
    },
    stale(key) {
      const entry = live() ? entries.get(key) : undefined;
      if (!entry) return undefined;
      if (entry.expires + staleMs <= now()) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, at = generation) {
      if (ttlMs <= 0 || at !== generation || !live()) return;
      // The older value goes even when this one is too large to keep: it is no longer the newest.
      remove(key);
      const size = sizeOf ? sizeOf(value) : 0;
      if (size > maxBytes) return;
      entries.set(key, { value, expires: now() + ttlMs, size });
      bytes += size;
      while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value!);
    },
    load(key, compute) {
      const hit = cache.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const loading = compute().then(
        (value) => {
          if (inFlight.get(key) === loading) inFlight.delete(key);
          cache.set(key, value, startedIn);
          return value;
        },
        (error: unknown) => {
          if (inFlight.get(key) === loading) inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, loading);
      return loading;
    },
    delete: remove,
    clear() {
      generation += 1;
      entries.clear();
      // A computation started before the change must not be joined by requests made after it.
      inFlight.clear();
      bytes = 0;
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
  options.changes?.onChange(() => cache.clear());
  return cache;
}
