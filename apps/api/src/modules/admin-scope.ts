import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerSecurity } from './route-schemas';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type ZodRoute<S extends FastifySchema> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** A route of an admin scope: the scope supplies its access, OpenAPI security and tags, and the shared error answers. */
export type AdminRoute<S extends FastifySchema> = Omit<ZodRoute<S>, 'config'> & {
  /** The error answers of this route, when not the scope's. */
  errors?: AdminScope['errors'];
};

export interface AdminScope {
  /** OpenAPI tags of every route in the scope. */
  tags: string[];
  /** Error answers every route of the scope documents; a route adds its own in `schema.response`. */
  errors: Record<number, unknown>;
}

/**
 * One domain's admin endpoints, guarded once: every route registered through the returned function is
 * `access: 'admin'` (the auth plugin answers 401 or 403 before anything else runs) and documented with the
 * bearer scheme, the scope's tags and error answers. URLs stay as each route spells them.
 */
export function adminScope(app: ZodApp, scope: AdminScope) {
  return <S extends FastifySchema>({ errors = scope.errors, ...route }: AdminRoute<S>) =>
    (app as unknown as FastifyInstance).route({
      ...(route as RouteOptions),
      config: { access: 'admin' },
      schema: {
        tags: scope.tags,
        security: bearerSecurity,
        ...route.schema,
        response: { ...errors, ...(route.schema?.response as object) },
      },
    });
}
