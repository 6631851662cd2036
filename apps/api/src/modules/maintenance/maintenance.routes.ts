import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const maintenanceRoutes: FastifyPluginAsyncZod = async (_app) => {
  // Routes of this module are registered here.
};
