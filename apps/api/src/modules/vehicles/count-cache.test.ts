import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache';

describe('count cache', () => {
  it('reuses a count until it expires, and forgets everything on clear', async () => {
    const cache = createCountCache({ ttlMs: 1000, maxEntries: 2 });
    let calls = 0;
    const count = async () => ++calls;
    expect(await cache.get('a', 0, count)).toBe(1);
    expect(await cache.get('a', 999, count)).toBe(1);
    expect(await cache.get('a', 1000, count)).toBe(2);
    cache.clear();
    expect(await cache.get('a', 1001, count)).toBe(3);
  });

  it('keeps at most maxEntries keys', async () => {
    const cache = createCountCache({ ttlMs: 10_000, maxEntries: 2 });
    let calls = 0;
    const count = async () => ++calls;
    await cache.get('a', 0, count);
    await cache.get('b', 0, count);
    await cache.get('c', 0, count);
    expect(await cache.get('a', 1, count)).toBe(4);
  });
});
