import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('SUCCESS'), data: z.object({ database: z.literal('ok') }) }) },
      },
    },
    async () => {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'SUCCESS' as const, data: { database: 'ok' as const } };
    },
  );

  // A constant answer that touches nothing: the bench's yardstick for framework overhead.
  app.get('/health/constant', { config: { access: 'public', rateLimit: false }, schema: { hide: true } }, async () => ({
    status: 'SUCCESS',
    data: { ok: true },
  }));
};
