// Response headers, tokens kept out of URLs and logs, and the rate limits.
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { testConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrateJobs } from '../infra/jobs';
import { systemClock } from '../infra/clock';
import { createLogger } from '../infra/logger';
import { localStorage } from '../infra/storage';
import { CROSS_SITE_MESSAGE } from '../http/cross-site-guard';
import { useTestApp } from '../test/harness';
import { createAdmin, createUser } from '../test/factories';

function header(res: { headers: Record<string, unknown> }, name: string): string {
  return String(res.headers[name] ?? '');
}

describe('response headers', () => {
  const ctx = useTestApp();

  it.each([
    ['an API answer', '/api/health'],
    ['an API error', '/api/no-such-route'],
    ['a list', '/api/vehicles'],
    ['the sitemap', '/sitemap.xml'],
  ])('%s carries CSP, nosniff, referrer policy and HSTS, and no X-Powered-By', async (_label, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    const csp = header(res, 'content-security-policy');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("base-uri 'self'");
    expect(header(res, 'x-content-type-options')).toBe('nosniff');
    expect(header(res, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(header(res, 'strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(header(res, 'x-frame-options')).toMatch(/deny|sameorigin/i);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('takes no token, password or secret in any query string (OpenAPI of every documented route)', async () => {
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>> };
    const offenders: string[] = [];
    let queryParams = 0;
    for (const [route, methods] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== 'query') continue;
          queryParams += 1;
          const where = `${method.toUpperCase()} ${route}?${p.name}`;
          // One-click unsubscribe (RFC 8058) posts to the very link the e-mail's List-Unsubscribe header
          // names, so its token is in that link: a single-purpose token that only turns e-mails off.
          if (where === 'POST /api/saved-searches/unsubscribe?token' || where === 'POST /api/reminders/unsubscribe?token') continue;
          if (/token|password|secret|session|refresh/i.test(p.name)) offenders.push(where);
        }
      }
    }
    expect(queryParams).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
    const reset = spec.paths['/api/auth/password-reset']?.post;
    expect(JSON.stringify(reset?.requestBody)).toContain('"token"');
  });

  it('refuses a reset token in the query string (it must come in the body)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/auth/password-reset?token=${'a'.repeat(43)}`, payload: { password: 'Password123!', confirmPassword: 'Password123!' } });
    expect(res.statusCode).toBe(422);
  });

  it('does not accept the access token from a cookie or the query string', async () => {
    const user = await createUser(ctx);
    const viaQuery = await ctx.app.inject({ method: 'GET', url: `/api/users/profile?token=${user.token}&access_token=${user.token}` });
    expect(viaQuery.statusCode).toBe(401);
    const viaCookie = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', cookies: { accessToken: user.token } });
    expect(viaCookie.statusCode).toBe(401);
  });
});

describe('private responses are never cached', () => {
  const ctx = useTestApp();

  it('sends Cache-Control: no-store on every API answer that depends on the caller', async () => {
    const user = await createUser(ctx);
    const admin = await createAdmin(ctx);
    const cases: [string, InjectOptions][] = [
      ['own profile', { method: 'GET', url: '/api/users/profile', headers: user.auth }],
      ['own listings', { method: 'GET', url: '/api/vehicles/mine', headers: user.auth }],
      ['admin list', { method: 'GET', url: '/api/users', headers: admin.auth }],
      ['a public list read with a token', { method: 'GET', url: '/api/vehicles', headers: user.auth }],
      ['a public list read with cookies', { method: 'GET', url: '/api/vehicles', cookies: { accessToken: 'x' } }],
      ['a private route refused', { method: 'GET', url: '/api/users/profile' }],
      ['a signed-in route with a bad token', { method: 'GET', url: '/api/maintenance/history', headers: { authorization: 'Bearer nope' } }],
      ['login', { method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.email, password: user.password } }],
      ['failed login', { method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.email, password: 'Wrong-password-1' } }],
      ['refresh', { method: 'POST', url: '/api/auth/refresh' }],
    ];
    for (const [label, request] of cases) {
      const res = await ctx.app.inject(request);
      expect(header(res, 'cache-control'), `${label}: ${res.statusCode}`).toBe('no-store');
    }
  });

  it('leaves anonymous public answers to their own caching', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/vehicles' });
    expect(list.statusCode).toBe(200);
    expect(header(list, 'cache-control')).not.toContain('no-store');
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', cookies: { accessToken: 'x' } });
    expect(header(sitemap, 'cache-control')).toBe('public, max-age=3600');
  });
});

describe('state-changing requests from other websites are refused', () => {
  const ctx = useTestApp();

  const registration = (username: string) => ({
    username,
    name: 'Cross Site',
    phone: '+1 555 0100 300',
    email: `${username}@example.com`,
    address: '1 Origin Road',
    password: 'Password123!',
    confirmPassword: 'Password123!',
  });

  it('refuses register, login and a delete sent by another site, with 403 and the envelope, changing nothing', async () => {
    const user = await createUser(ctx);
    const listing = await ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: user.auth, payload: { title: 'Kept Car', make: 'Kia', model: 'Rio', year: '2018', price: '9000' } });
    expect(listing.statusCode).toBe(201);
    const foreign = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'https://shop.example.com', 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const requests = [
        { method: 'POST' as const, url: '/api/auth/register', headers, payload: registration('crosssite') },
        { method: 'POST' as const, url: '/api/auth/login', headers, payload: { emailOrUsername: user.email, password: user.password } },
        { method: 'DELETE' as const, url: `/api/vehicles/${listing.json().data._id}`, headers: { ...headers, ...user.auth } },
        { method: 'PATCH' as const, url: '/api/users/profile', headers: { ...headers, ...user.auth }, payload: { name: 'Changed' } },
      ];
      for (const request of requests) {
        const res = await ctx.app.inject(request);
        expect(res.statusCode, `${request.method} ${request.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toEqual({ status: 'ERROR', statusCode: 403, message: CROSS_SITE_MESSAGE, error: { message: CROSS_SITE_MESSAGE } });
        expect(res.cookies).toEqual([]);
      }
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${listing.json().data._id}`, headers: user.auth })).statusCode).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: 'crosssite', password: 'Password123!' } });
    expect(login.statusCode).toBe(401);
    // Reading is not refused: links and embeds from other sites keep working.
    const read = await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });

  it('accepts the site itself, the public address, the dev server proxy and clients that are not browsers', async () => {
    const allowed: [string, Record<string, string>][] = [
      ['a browser on the same origin', { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' }],
      ['an older browser sending only Origin', { origin: 'http://localhost:80' }],
      ['the public address behind a proxy that rewrites Host', { origin: 'http://localhost:3000', host: 'api.internal:3000' }],
      ['the Vite dev server proxy', { origin: 'http://localhost:5173', host: 'localhost:5173', 'sec-fetch-site': 'same-origin' }],
      ['curl or a mobile app (no Origin, no Fetch Metadata)', {}],
    ];
    for (const [index, [label, headers]] of allowed.entries()) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers, payload: registration(`sameorigin${index}`) });
      expect(res.statusCode, label).toBe(201);
    }
  });
});

describe('tokens and passwords never reach the logs', () => {
  let app: App;
  let database: DatabaseHandle;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-logs-'));
    database = await openDatabase({});
    await database.migrate([migrateJobs]);
    const config = testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'trace' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The server's logger settings (apps/api/src/server.ts), at the most talkative level.
    const logger = pino({ level: 'trace', redact: ['req.headers.authorization', 'req.headers.cookie', '*.password'] }, stream);
    app = await buildApp({ config, db: database.db, clock: systemClock, storage: localStorage(path.join(dataDir, 'uploads')), jwtSecret: config.JWT_SECRET!, logger });
    await app.ready();
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs requests without the password, the access token or the refresh token', async () => {
    const password = 'Sup3r-Secret-Passw0rd!';
    const form = { username: 'logcheck', name: 'Log Check', phone: '+1 555 0100 200', email: 'logcheck@example.com', address: '1 Log Street', password, confirmPassword: password };
    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(registered.statusCode).toBe(201);

    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: 'logcheck', password } });
    expect(login.statusCode).toBe(200);
    const accessToken: string = login.json().tokens.accessToken;
    const refreshCookie = login.cookies.find((c) => /refresh/i.test(c.name));
    expect(refreshCookie?.value).toBeTruthy();

    const profile = await app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${accessToken}` } });
    expect(profile.statusCode).toBe(200);
    const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [refreshCookie!.name]: refreshCookie!.value } });
    expect(refreshed.statusCode).toBe(200);
    const newAccess: string = refreshed.json().tokens.accessToken;
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: 'logcheck', password: `${password}-wrong` } });
    expect(wrong.statusCode).toBe(401);
    const change = await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${newAccess}` },
      payload: { name: 'Log Check', phone: '+1 555 0100 200', address: '1 Log Street', oldPassword: 'not-the-password', password: 'An0ther-Secret!', confirmPassword: 'An0ther-Secret!' },
    });
    expect(change.statusCode).toBeGreaterThanOrEqual(400);

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(6);
    expect(text).toContain('/api/users/profile');
    for (const secret of [password, 'An0ther-Secret!', 'not-the-password', accessToken, newAccess, refreshCookie!.value]) {
      expect(text.includes(secret), `a secret appears in the log: ${secret.slice(0, 12)}...`).toBe(false);
    }
  });

  it('logs a failed database write without its parameters: no password hash, e-mail, phone or address', async () => {
    // A check the row will fail, added after the fact so that the insert reaches the database and fails there.
    await database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT forced_failure CHECK (name <> 'Forced Failure') NOT VALID`);
    try {
      const form = {
        username: 'forcedfail',
        name: 'Forced Failure',
        phone: '+1 555 0177 321',
        email: 'forced.failure@example.com',
        address: '77 Private Lane',
        password: 'Forced-Passw0rd!',
        confirmPassword: 'Forced-Passw0rd!',
      };
      const from = lines.length;
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 500 });
      const text = lines.slice(from).join('');
      const failure = lines.slice(from).map((line) => JSON.parse(line) as { msg: string; error?: Record<string, unknown> }).find((line) => line.msg === 'request failed');
      // Enough to find the fault: the class, the database's code and constraint, the SQL and the stack.
      expect(failure?.error).toMatchObject({ message: 'Failed query', cause: { code: '23514', constraint: 'forced_failure' } });
      expect(failure?.error?.query).toMatch(/^insert into "users"/i);
      expect(String(failure?.error?.stack)).toMatch(/\n\s+at /);
      for (const value of ['$argon2', form.email, form.phone, form.address, form.username, form.password, 'Failing row']) {
        expect(text.includes(value), `the log holds ${value}`).toBe(false);
      }
    } finally {
      await database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT forced_failure`);
    }
  });
});

describe('the server logger', () => {
  it('writes any logged error (`{ err }`) without the parameters of a failed query', () => {
    const out: string[] = [];
    const destination = { write: (line: string) => void out.push(line) };
    const logger = createLogger({ level: 'info', format: 'json', destination });
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), { code: '23505', constraint: 'users_email_unique', detail: 'Key (email)=(leak@example.com) already exists.' });
    const failed = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: leak@example.com,$argon2id$v=19$hash'), {
      query: 'insert into "users" ("email") values ($1)',
      params: ['leak@example.com', '$argon2id$v=19$hash'],
      cause,
    });
    logger.warn({ err: failed }, 'upload sweep failed');
    const text = out.join('');
    expect(text).toContain('users_email_unique');
    expect(text).toContain('23505');
    expect(text).not.toContain('leak@example.com');
    expect(text).not.toContain('$argon2');
  });
});

describe('rate limits', () => {
  const ctx = useTestApp({ config: { LOGIN_RATE_LIMIT: 3, API_RATE_LIMIT: 40 } });

  it('refuses logins with 429 after the configured attempts, then the global API limit with 429', async () => {
    const user = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.email, password: 'Wrong-password-1' } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 429 });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Even the right password is refused while the limit holds.
    const right = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.email, password: user.password } });
    expect(right.statusCode).toBe(429);

    // Global API limit of 40 per minute per client: 5 calls made above, so the 36th list call is refused.
    let refusedAt = 0;
    for (let i = 1; i <= 40; i += 1) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/vehicles' });
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 429 });
        refusedAt = i;
        break;
      }
      expect(res.statusCode).toBe(200);
    }
    expect(refusedAt).toBe(36);
  });
});
