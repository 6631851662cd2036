import { RetryLaterError } from './errors';

export const IMAGE_POOL_BUSY_MESSAGE = 'The server is busy processing photos. Please try again in a minute.';

export interface ImagePoolOptions {
  /** Images decoded at the same time. */
  concurrency: number;
  /** Images allowed to wait for a turn; one more is refused rather than queued. */
  maxWaiting: number;
  /** What a refused upload is told (Retry-After). */
  retryAfterSeconds: number;
}

export interface ImagePool {
  /** Runs `task` when a turn is free; refuses at once (503) when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * A bounded queue in front of image decoding. Decoding a large photo takes a core for a fraction of a
 * second; letting every upload decode at once takes every core, and browsing stalls behind it.
 */
export function createImagePool(options: ImagePoolOptions): ImagePool {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release() {
    // The turn passes straight to the next waiter, so `running` never drops below the bound while
    // someone waits and a newcomer cannot overtake the queue.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) {
        running += 1;
      } else {
        if (waiting.length >= options.maxWaiting) {
          throw new RetryLaterError(503, IMAGE_POOL_BUSY_MESSAGE, options.retryAfterSeconds);
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/**
 * The process's one image queue: one image at a time leaves a core of the two for everything else;
 * each upload request processes its photos one after another, so the waiters are about the number
 * of uploads in progress.
 */
export const imagePool = createImagePool({ concurrency: 1, maxWaiting: 8, retryAfterSeconds: 30 });
