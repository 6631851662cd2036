import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const vehiclesRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Routes of this module are registered here.
};
