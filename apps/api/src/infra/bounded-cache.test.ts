import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './bounded-cache';

function clockAt(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('bounded cache', () => {
  it('serves an entry until its lifetime ends', () => {
    const clock = clockAt();
    const cache = createBoundedCache<string>({ ttlMs: 100, maxEntries: 10, now: clock.now });
    cache.set('a', 'A');
    clock.advance(99);
    expect(cache.get('a')).toBe('A');
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry past its entry bound and its byte bound', () => {
    const cache = createBoundedCache<string>({ ttlMs: 1000, maxEntries: 2, maxBytes: 5, sizeOf: (v) => v.length });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
    cache.set('d', 'DDDD');
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, 'C', 'DDDD']);
    expect(cache.bytes).toBe(5);
    cache.set('f', 'FF');
    expect([cache.get('c'), cache.get('d'), cache.get('f')]).toEqual([undefined, undefined, 'FF']);
    cache.set('e', 'EEEEEE');
    expect(cache.get('e')).toBeUndefined();
    cache.set('f', 'FFFFFF');
    expect([cache.get('f'), cache.bytes]).toEqual([undefined, 0]);
  });

  it('neither serves nor keeps while its change feed may miss changes, and still shares a load', async () => {
    const changes = { connected: true, onChange: () => {} };
    const cache = createBoundedCache<number>({ ttlMs: 1000, maxEntries: 10, changes });
    cache.set('a', 1);
    changes.connected = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 2);
    let calls = 0;
    const compute = async () => (calls += 1);
    expect(await Promise.all([cache.load('c', compute), cache.load('c', compute)])).toEqual([1, 1]);
    changes.connected = true;
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, undefined]);
  });

  it('keeps nothing with a zero lifetime', () => {
    const cache = createBoundedCache<number>({ ttlMs: 0, maxEntries: 10 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('empties on a change and refuses a value computed before it', async () => {
    let notify = () => {};
    const cache = createBoundedCache<number>({ ttlMs: 1000, maxEntries: 10, changes: { onChange: (l) => (notify = l) } });
    cache.set('a', 1);
    const before = cache.generation;
    notify();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 2, before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 3, cache.generation);
    expect(cache.get('a')).toBe(3);
  });

  it('computes once for concurrent loads of one key and not at all on a hit', async () => {
    const cache = createBoundedCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    let finish: (n: number) => void = () => {};
    const compute = () => {
      calls += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const both = Promise.all([cache.load('k', compute), cache.load('k', compute)]);
    finish(7);
    expect(await both).toEqual([7, 7]);
    expect(await cache.load('k', compute)).toBe(7);
    expect(calls).toBe(1);
  });

  it('does not keep a load that a change overtook, and forgets a failed load', async () => {
    const cache = createBoundedCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let finish: (n: number) => void = () => {};
    const loading = cache.load('k', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.clear();
    finish(1);
    expect(await loading).toBe(1);
    expect(cache.get('k')).toBeUndefined();
    await expect(cache.load('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.load('k', async () => 2)).toBe(2);
  });

  it('reads an aged entry through stale() a while past its lifetime, never after a change', () => {
    const clock = clockAt();
    const cache = createBoundedCache<string>({ ttlMs: 100, staleMs: 50, maxEntries: 10, now: clock.now });
    cache.set('a', 'A');
    clock.advance(120);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stale('a')).toBe('A');
    clock.advance(30);
    expect(cache.stale('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('b', 'B');
    clock.advance(120);
    cache.clear();
    expect(cache.stale('b')).toBeUndefined();
    const strict = createBoundedCache<string>({ ttlMs: 100, maxEntries: 10, now: clock.now });
    strict.set('c', 'C');
    clock.advance(100);
    expect(strict.stale('c')).toBeUndefined();
  });
});
