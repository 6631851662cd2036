import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Radix positions popovers with inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
};

/**
 * An API answer that may differ by caller must never be stored by a browser or shared cache: any
 * request that carries credentials (bearer header or cookies), every signed-in or admin route, and
 * the auth routes (tokens, sessions). Anonymous public answers keep their own caching.
 */
export function dependsOnCaller(request: FastifyRequest, route: Pick<FastifyRequest['routeOptions'], 'url' | 'config'> = request.routeOptions): boolean {
  const path = route.url ?? request.url;
  if (!path.startsWith('/api/') && path !== '/api') return false;
  if (request.headers.authorization !== undefined || request.headers.cookie !== undefined) return true;
  const access = route.config?.access ?? 'public';
  return access !== 'public' || path.startsWith('/api/auth/');
}

/**
 * `'sha256-…'` sources for the inline scripts of the built index.html (the web build's boot script,
 * apps/web/src/app/boot-script.ts): the CSP allows exactly those, and no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
}

/**
 * The headers Helmet would set, worked out once. Every response carries the same ones, so running
 * Helmet's middleware per request (as @fastify/helmet does, re-parsing the policy each time) cost 14%
 * of a cached list answer's CPU for nothing.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, () => {});
  return headers;
}

/**
 * The headers every answer carries, worked out once at start: Helmet's, with the web build's inline boot
 * script allowed by its hash and photos allowed from their CDN's origin.
 */
export function securityHeadersFor(config: Pick<Config, 'S3_PUBLIC_URL'>, webDistDir: string | undefined): Readonly<Record<string, string>> {
  // Photos served by a CDN in front of the bucket come from its origin.
  const photoOrigin = config.S3_PUBLIC_URL ? new URL(config.S3_PUBLIC_URL).origin : undefined;
  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const scriptHashes = indexHtml && existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [];
  const directives = {
    ...CONTENT_SECURITY_POLICY,
    scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...scriptHashes],
    imgSrc: photoOrigin ? [...CONTENT_SECURITY_POLICY.imgSrc, photoOrigin] : CONTENT_SECURITY_POLICY.imgSrc,
  };
  return Object.freeze({
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    }),
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  });
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { headers: Readonly<Record<string, string>> }) => {
  const { headers } = options;
  // Set on the reply, not on the raw response as Helmet does: Node validates and stores each raw header,
  // then merges the reply's own headers into them one by one, which cost a cached list answer about a
  // fifth of its CPU. Every answer the app makes goes through the reply here (nothing hijacks it), and a
  // route may still replace one of them (the API docs page sets its own policy). The front door
  // (front-door.ts) sends the same headers with the kept answers it serves before the app.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // The public cache has already decided on its answers: they never depend on the caller.
    if (request.publicCacheHit !== true && dependsOnCaller(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
