import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../infra/errors';
import { QUEUES, sendJob, type QueueName } from '../infra/jobs';

/** The header that carries TEST_CLOCK_TOKEN. */
export const TEST_CLOCK_HEADER = 'x-test-clock-token';

const MAX_ADVANCE_MS = 400 * 86_400_000;
const QUEUE_NAMES = Object.values(QUEUES).map((q) => q.name) as [QueueName, ...QueueName[]];

/**
 * End-to-end tests only, registered only when TEST_CLOCK_TOKEN is set: move the server's clock on and
 * run a background job now, so a browser journey can see what happens 30 days later. A caller without
 * the token meets a 404, as if the routes were not there; the routes are left out of the API's docs.
 */
export function testClockRoutes(clock: { advance(ms: number): void; now(): Date }, token: string): FastifyPluginAsyncZod {
  const expected = Buffer.from(token);
  const allowed = (given: unknown) => {
    const actual = Buffer.from(typeof given === 'string' ? given : '');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!allowed(request.headers[TEST_CLOCK_HEADER])) throw new NotFoundError('Not found');
    });
    app.post(
      '/test/clock',
      {
        config: { access: 'public', rateLimit: false },
        schema: { hide: true, body: z.object({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) }) },
      },
      async (request) => {
        clock.advance(request.body.advanceMs);
        return { status: 'SUCCESS', data: { now: clock.now().toISOString() } };
      },
    );
    app.post(
      '/test/jobs/:queue',
      { config: { access: 'public', rateLimit: false }, schema: { hide: true, params: z.object({ queue: z.enum(QUEUE_NAMES) }) } },
      async (request) => {
        await sendJob(app.deps.db, request.params.queue, {});
        return { status: 'SUCCESS', data: { queued: request.params.queue } };
      },
    );
  };
}
