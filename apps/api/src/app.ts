import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@dealer/shared';
import type { AppDeps } from './deps';
import { multipartBodies } from './http/multipart-limits';
import { responseSerializerCompiler } from './http/response-serializer';
import type { offsetClock } from './infra/clock';
import { withSignedPrivateUrls } from './infra/signed-uploads';
import { createTokenSigner } from './infra/tokens';
import { logFailedAndSlowRequests, logsEveryRequest, requestLogOptions } from './http/request-log';
import { testClockRoutes } from './http/test-clock';
import { modules } from './modules';
import { authPlugin } from './modules/auth';
import { crossSiteGuardPlugin } from './http/cross-site-guard';
import { errorHandlerPlugin } from './http/error-handler';
import { inputGuardPlugin } from './http/input-guard';
import { createFrontDoor, serverWithFrontDoor, type FrontDoor } from './http/front-door';
import { createPublicAnswers, publicCachePlugin } from './http/public-cache';
import { createChangeBus } from './infra/change-bus';
import { sharedRateLimitStore } from './infra/rate-limit-store';
import { securityHeadersFor, securityHeadersPlugin } from './http/security-headers';
import { webAppPlugin } from './web/web-app';
import { DEFAULT_WEB_DIST } from './paths';
import { buildServices, type Services } from './services';

export type { AppDeps } from './deps';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every service, built once (see services.ts); routes take theirs from here. */
    services: Services;
    /** Serves kept public answers before the app (http/front-door.ts). */
    frontDoor: FrontDoor;
  }
}

export interface BuildAppOptions extends Omit<AppDeps, 'tokens' | 'changes'> {
  jwtSecret: string;
  logger?: FastifyBaseLogger;
  /** The clock end-to-end tests move on (the same object as `clock`); with TEST_CLOCK_TOKEN only. */
  testClock?: ReturnType<typeof offsetClock>;
}

/** Builds the whole application without listening: tests inject requests into it. */
export async function buildApp(options: BuildAppOptions) {
  const { jwtSecret, logger, testClock, ...rest } = options;
  const changes = createChangeBus({ redis: rest.redis, databaseUrl: rest.config.DATABASE_URL, logger });
  const tokens = createTokenSigner(jwtSecret);
  const deps: AppDeps = { ...rest, storage: withSignedPrivateUrls(rest.storage, tokens, rest.clock), tokens, changes };
  const trustProxy = deps.config.TRUST_PROXY;
  const webDistDir = deps.config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  const securityHeaders = securityHeadersFor(deps.config, webDistDir);
  const publicAnswers = createPublicAnswers({ lifetimeMs: deps.config.PUBLIC_CACHE_MS, bus: changes });
  // Kept public answers are served before the app routes them; not when the log must show every request.
  const frontDoor = createFrontDoor(publicAnswers, securityHeaders);
  if (logger && logsEveryRequest(logger)) frontDoor.close();
  const app = Fastify({
    serverFactory: serverWithFrontDoor(frontDoor),
    ...(logger ? { loggerInstance: logger, ...requestLogOptions(logger) } : { logger: false }),
    // Off unless configured: a client could otherwise name any address in X-Forwarded-For. Fastify
    // trusts nothing for a bare hop count, so a count N trusts the nearest N hops explicitly.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    // Nested query objects like existingImages[0][key] come through as flat keys.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (logger) logFailedAndSlowRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('deps', deps);
  app.decorate('services', buildServices(deps));
  app.decorate('frontDoor', frontDoor);
  app.addHook('preClose', (done) => {
    frontDoor.close();
    done();
  });
  app.addHook('onClose', async () => changes.close());

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  await app.register(crossSiteGuardPlugin);
  await app.register(inputGuardPlugin);
  // Before compression, so the cache keeps and compares the JSON itself.
  await app.register(publicCachePlugin, { answers: publicAnswers });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  // Tight for every route; the listing form asks for its 20 photos of 10 MB per request.
  await app.register(multipartBodies);
  await app.register(rateLimit, {
    global: true,
    max: deps.config.API_RATE_LIMIT,
    timeWindow: '1 minute',
    ...(deps.redis ? { store: sharedRateLimitStore(deps.redis, 'dealer-rl-') } : {}),
    // The routed path, not the raw URL: /%61pi/... reaches the same API routes and must count too.
    allowList: (request) => !request.routeOptions.url?.startsWith('/api/'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);

  for (const module of modules) await app.register(module, { prefix: '/api' });
  if (testClock && deps.config.TEST_CLOCK_TOKEN) await app.register(testClockRoutes(testClock, deps.config.TEST_CLOCK_TOKEN), { prefix: '/api' });

  // The HTML edge: the web app, server-rendered visitor pages, vehicle pages with link-preview meta, the sitemap.
  await app.register(webAppPlugin, { distDir: webDistDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
