import { describe, expect, it } from 'vitest';
import { RetryLaterError } from './errors';
import { IMAGE_POOL_BUSY_MESSAGE, createImagePool } from './image-pool';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('image pool', () => {
  it('runs at most `concurrency` tasks at once, in arrival order', async () => {
    const pool = createImagePool({ concurrency: 1, maxWaiting: 10, retryAfterSeconds: 30 });
    let active = 0;
    let mostActive = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      active += 1;
      mostActive = Math.max(mostActive, active);
      await new Promise((r) => setTimeout(r, 5));
      order.push(n);
      active -= 1;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => pool.run(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(mostActive).toBe(1);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(pool.running).toBe(0);
  });

  it('refuses at once with 503 and Retry-After when the queue is full, and takes work again once it drains', async () => {
    const pool = createImagePool({ concurrency: 1, maxWaiting: 2, retryAfterSeconds: 30 });
    const { opened, open } = gate();
    const held = [pool.run(() => opened), pool.run(() => opened), pool.run(() => opened)];
    expect(pool.running).toBe(1);
    expect(pool.waiting).toBe(2);

    const refused = await pool.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: 30, message: IMAGE_POOL_BUSY_MESSAGE });

    open();
    await Promise.all(held);
    expect(pool.waiting).toBe(0);
    await expect(pool.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('frees the turn when a task fails', async () => {
    const pool = createImagePool({ concurrency: 1, maxWaiting: 1, retryAfterSeconds: 30 });
    await expect(pool.run(async () => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo');
    expect(pool.running).toBe(0);
    await expect(pool.run(async () => 'next')).resolves.toBe('next');
  });
});
