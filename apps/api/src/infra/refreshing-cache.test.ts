import { describe, expect, it } from 'vitest';
import { createRefreshingCache } from './refreshing-cache';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('listing cache', () => {
  it('serves a value while it is fresh, then once more while one background refresh replaces it', async () => {
    let time = 0;
    const cache = createRefreshingCache<number>({ freshMs: 1000, maxAgeMs: 10_000, maxEntries: 10, now: () => time });
    let calls = 0;
    const count = async () => ++calls;
    expect(await cache.get('a', count)).toBe(1);
    time = 999;
    expect(await cache.get('a', count)).toBe(1);
    time = 1000;
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('a', count)).toBe(1);
    await flush();
    expect(calls).toBe(2);
    expect(await cache.get('a', count)).toBe(2);
  });

  it('never serves a value past maxAgeMs, and forgets everything on clear', async () => {
    let time = 0;
    const cache = createRefreshingCache<number>({ freshMs: 1000, maxAgeMs: 5000, maxEntries: 10, now: () => time });
    let calls = 0;
    const count = async () => ++calls;
    await cache.get('a', count);
    time = 5000;
    expect(await cache.get('a', count)).toBe(2);
    cache.clear();
    expect(await cache.get('a', count)).toBe(3);
  });

  it('makes a missing value once for concurrent callers', async () => {
    const cache = createRefreshingCache<number>({ freshMs: 1000, maxAgeMs: 5000, maxEntries: 10 });
    let calls = 0;
    const count = async () => {
      await flush();
      return ++calls;
    };
    expect(await Promise.all([cache.get('a', count), cache.get('a', count), cache.get('a', count)])).toEqual([1, 1, 1]);
  });

  it('drops a refresh that started before a clear (it may predate the write)', async () => {
    let time = 0;
    const cache = createRefreshingCache<number>({ freshMs: 1000, maxAgeMs: 10_000, maxEntries: 10, now: () => time });
    let release!: () => void;
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => (release = () => resolve(++calls)));
    const first = cache.get('a', slow);
    release();
    expect(await first).toBe(1);
    time = 2000;
    expect(await cache.get('a', slow)).toBe(1);
    cache.clear();
    release();
    await flush();
    const next = cache.get('a', slow);
    release();
    expect(await next).toBe(3);
  });

  it('keeps nothing with freshMs 0 (tests that write behind the service)', async () => {
    const cache = createRefreshingCache<number>({ freshMs: 0, maxAgeMs: 0, maxEntries: 10 });
    let calls = 0;
    const count = async () => ++calls;
    await cache.get('a', count);
    expect(await cache.get('a', count)).toBe(2);
  });
});
