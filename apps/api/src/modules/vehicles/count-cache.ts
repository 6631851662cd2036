/**
 * Public list counts for a few seconds. An exact count(*) over the whole public catalogue costs more
 * than the page itself at 100k rows; visitors can live with a total that is seconds old. A cache,
 * not state: another process simply counts for itself.
 */
export function createCountCache({ ttlMs = 5000, maxEntries = 500 } = {}) {
  const entries = new Map<string, { value: number; expires: number }>();
  return {
    async get(key: string, now: number, count: () => Promise<number>): Promise<number> {
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = await count();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: now + ttlMs });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
