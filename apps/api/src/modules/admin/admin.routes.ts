import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const adminRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Routes of this module are registered here.
};
