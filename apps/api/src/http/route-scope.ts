import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { successSchema, type StaffRole } from '@dealer/shared';
import { success } from './envelope';
import { bearerSecurity, idParams } from './route-schemas';

/**
 * Who may call a route, declared in its `config.access`; the auth plugin enforces it. 'admin' is ADMIN
 * only (the spec's admin routes); a list of staff roles admits those roles, and ADMIN always.
 */
export type RouteAccess = 'public' | 'user' | 'admin' | readonly StaffRole[];

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

/** A route of a scope: the scope supplies its access, OpenAPI security and tags, and the shared error answers. */
export type ScopedRoute<S extends FastifySchema> = Omit<ZodRoute<S>, 'config'> & {
  /** The error answers of this route, when not the scope's. */
  errors?: RouteScope['errors'];
  /** The route's own settings besides its access (e.g. a tighter rate limit). */
  config?: Omit<FastifyContextConfig, 'access'>;
};

/**
 * The most common route: on the record its URL's `:id` names, answering with what `handler` returns as the
 * success envelope's `data`. Summary and description are the OpenAPI ones.
 */
export interface RecordRoute<D extends z.ZodType, B extends z.ZodType | undefined = undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  description?: string;
  /** `:id` when it has a rule of its own (e.g. a length limit). */
  params?: typeof idParams;
  body?: B;
  /** The shape of the answer's `data`. */
  data: D;
  /** 201 where the call adds to the record (a note, a reply); 200 when absent. */
  status?: 200 | 201;
  /** The error answers of this route, when not the scope's. */
  errors?: RouteScope['errors'];
  /** The answer's data; the request's params and body are typed by `params` and `body`. */
  handler: (request: Parameters<ZodRoute<{ params: typeof idParams; body: B }>['handler']>[0]) => Promise<z.input<D>>;
}

export interface RouteScope {
  /** Who may call every route of the scope. */
  access: RouteAccess;
  /** OpenAPI tags of every route in the scope. */
  tags: string[];
  /** Error answers every route of the scope documents (none when absent); a route adds its own in `schema.response`. */
  errors?: Record<number, unknown>;
}

/**
 * Endpoints with the same caller, declared once: every route registered through the returned function
 * has the scope's `access` (for 'user' and 'admin' the auth plugin answers 401 or 403 before anything
 * else runs) and is documented with the scope's tags, the bearer scheme unless public, and the scope's
 * error answers. URLs stay as each route spells them. Its `onRecord` declares the most common route (`RecordRoute`).
 */
export function routeScope(app: ZodApp, scope: RouteScope) {
  const security = scope.access === 'public' ? {} : { security: bearerSecurity };
  const scoped = <S extends FastifySchema>({ errors = scope.errors ?? {}, config, ...route }: ScopedRoute<S>) => {
    const response = { ...errors, ...(route.schema?.response as object) };
    return (app as unknown as FastifyInstance).route({
      ...(route as RouteOptions),
      config: { ...config, access: scope.access },
      schema: {
        tags: scope.tags,
        ...security,
        ...route.schema,
        // A route that documents no answer keeps the OpenAPI default one.
        ...(Object.keys(response).length > 0 ? { response } : {}),
      },
    });
  };
  return Object.assign(scoped, {
    onRecord: <D extends z.ZodType, B extends z.ZodType | undefined = undefined>(route: RecordRoute<D, B>) =>
      onRecord(scoped, route),
  });
}

function onRecord<D extends z.ZodType, B extends z.ZodType | undefined>(
  scoped: (route: ScopedRoute<FastifySchema>) => unknown,
  { summary, description, params = idParams, body, data, status = 200, handler, ...route }: RecordRoute<D, B>,
) {
  return scoped({
    ...route,
    schema: {
      summary,
      ...(description === undefined ? {} : { description }),
      params,
      ...(body === undefined ? {} : { body }),
      response: { [status]: successSchema(data) },
    },
    // The schema above has validated params and body into the shapes RecordRoute gives the handler.
    handler: async (request, reply) =>
      reply.status(status).send(success(await handler(request as Parameters<typeof handler>[0]))),
  });
}
