import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../infra/clock';
import { memoryAttemptThrottle, redisAttemptThrottle, type AttemptThrottle } from './login-rate-limiter';
import { addressKey, loginAttemptKeys } from './login-throttle';

const options = { windowSeconds: 60, maxPaceSeconds: 4 };
const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(() => redis.disconnect());

const kinds: [string, (clock: ReturnType<typeof fixedClock>) => AttemptThrottle][] = [
  ['memory', (clock) => memoryAttemptThrottle(options, clock)],
  ['redis', (clock) => redisAttemptThrottle(options, redis, clock, `test-throttle-${randomUUID()}:`)],
];

const hard = (key: string, limit = 3) => ({ limits: [{ key, limit }] });

describe.each(kinds)('%s attempt throttle', (_name, make) => {
  it('refuses a key at its limit for the rest of its window, whatever the other keys', async () => {
    const clock = fixedClock('2025-01-01T00:00:00Z');
    const throttle = make(clock);
    const both = { limits: [{ key: 'pair:a', limit: 3 }, { key: 'ip:1', limit: 3 }] };
    for (let i = 0; i < 3; i += 1) expect(await throttle.admit(both)).toBe(0);
    clock.advance(20_000);
    expect(await throttle.admit(hard('pair:a'))).toBe(40);
    expect(await throttle.admit({ limits: [{ key: 'pair:b', limit: 3 }, { key: 'ip:1', limit: 3 }] })).toBe(40);
    expect(await throttle.admit({ limits: [{ key: 'pair:b', limit: 3 }, { key: 'ip:2', limit: 3 }] })).toBe(0);
    clock.advance(40_000);
    expect(await throttle.admit(both)).toBe(0);
  });

  it('counts before anything is verified: of 50 concurrent attempts exactly the limit pass', async () => {
    const throttle = make(fixedClock('2025-01-01T00:00:00Z'));
    const waits = await Promise.all(Array.from({ length: 50 }, () => throttle.admit(hard('burst', 10))));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
  });

  it('refused attempts are not counted, so they never extend the window', async () => {
    const clock = fixedClock('2025-01-01T00:00:00Z');
    const throttle = make(clock);
    for (let i = 0; i < 3; i += 1) await throttle.admit(hard('k'));
    clock.advance(59_000);
    for (let i = 0; i < 5; i += 1) expect(await throttle.admit(hard('k'))).toBe(1);
    clock.advance(1_000);
    expect(await throttle.admit(hard('k'))).toBe(0);
  });

  it('slows a paced key down by a doubling interval up to the cap, and never shuts it', async () => {
    const clock = fixedClock('2025-01-01T00:00:00Z');
    const throttle = make(clock);
    const paced = { limits: [], paced: { key: 'account:x', threshold: 2 } };
    expect(await throttle.admit(paced)).toBe(0);
    expect(await throttle.admit(paced)).toBe(0);
    const intervals: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const wait = await throttle.admit(paced);
      intervals.push(wait);
      clock.advance(wait * 1000);
      expect(await throttle.admit(paced)).toBe(0);
    }
    expect(intervals).toEqual([1, 2, 4, 4, 4]);
  });

  it('forgets cleared keys and gives back a refunded attempt', async () => {
    const throttle = make(fixedClock('2025-01-01T00:00:00Z'));
    for (let i = 0; i < 3; i += 1) await throttle.admit(hard('c'));
    expect(await throttle.admit(hard('c'))).toBeGreaterThan(0);
    await throttle.clear(['c']);
    expect(await throttle.admit(hard('c'))).toBe(0);
    await throttle.admit(hard('c'));
    await throttle.admit(hard('c'));
    await throttle.refund(['c', 'never-seen']);
    expect(await throttle.admit(hard('c'))).toBe(0);
    expect(await throttle.admit(hard('c'))).toBeGreaterThan(0);
  });
});

describe('login attempt keys', () => {
  it('keys IPv6 by its /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('puts hard limits on the address and the address with the account; the account is only paced', () => {
    const keys = loginAttemptKeys({ account: 'u1', ip: '192.0.2.7', deviceId: null, limit: 10 });
    expect(keys.plan).toEqual({
      limits: [
        { key: 'account-ip:u1|192.0.2.7', limit: 10 },
        { key: 'ip:192.0.2.7', limit: 50 },
      ],
      paced: { key: 'account:u1', threshold: 10 },
    });
    const known = loginAttemptKeys({ account: 'u1', ip: '192.0.2.7', deviceId: 'd1', limit: 10 });
    expect(known.plan.paced).toBeUndefined();
    expect(known.plan.limits[0]).toEqual({ key: 'device:d1', limit: 10 });
  });
});
