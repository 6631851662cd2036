import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestContext } from '../test/harness';
import { createAdmin, createVehicles, type TestUser } from '../test/factories';
import { patchVehicle } from '../test/requests';
import { EncodedBody } from './encoded-body';
import { createFrontDoor, serverWithFrontDoor } from './front-door';
import { createPublicAnswers } from './public-cache';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on its own connection, as sent: no encoding or header added by a client library. */
function request(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

describe('the front door', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let base: string;
  let vehicleId: string;
  const list = '/api/vehicles?page=1&limit=30';
  const served = () => ctx.app.frontDoor.served;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 5_000 } });
    admin = await createAdmin(ctx);
    // Enough listings for an answer past the compression threshold, so each encoding is its own body.
    [vehicleId] = (await createVehicles(ctx, Array.from({ length: 10 }, (_, i) => ({ title: `Door Volvo ${i}`, status: 'available' as const })))) as [string];
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  it("serves a kept answer before the app, with the app's own status, headers and bytes in every encoding", async () => {
    const first = await request(base, list);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();

    const encodings: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'gzip, deflate, br' }];
    for (const accept of encodings) {
      // A revalidation that does not match goes in: the app serves its own hit.
      const before = served();
      const fromApp = await request(base, list, { ...accept, 'if-none-match': 'W/"another"' });
      expect(served()).toBe(before);
      expect(fromApp.headers['x-cache']).toBe('HIT');

      const fromDoor = await request(base, list, accept);
      expect(served()).toBe(before + 1);
      expect(fromDoor.status).toBe(fromApp.status);
      expect(withoutDate(fromDoor.headers)).toEqual(withoutDate(fromApp.headers));
      expect(fromDoor.body.equals(fromApp.body)).toBe(true);
    }
    // The answer is really compressed where asked, so the comparison above compared three bodies.
    expect((await request(base, list, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('leaves to the app what it must answer itself', async () => {
    await request(base, list);
    const before = served();
    const etag = (await request(base, list)).headers.etag!;
    expect(served()).toBe(before + 1);

    const signedIn = await request(base, list, { cookie: 'theme=dark' });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect((await request(base, list, admin.auth)).headers['x-cache']).toBeUndefined();
    expect((await request(base, list, { 'if-none-match': etag })).status).toBe(304);
    const head = await request(base, list, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(served()).toBe(before + 1);

    // Another spelling of the same query goes in once; the app keys it, and the door serves it from then on.
    const spelledAgain = '/api/vehicles?limit=30&page=1';
    expect((await request(base, spelledAgain)).headers['x-cache']).toBe('HIT');
    expect(served()).toBe(before + 1);
    expect((await request(base, spelledAgain)).headers['x-cache']).toBe('HIT');
    expect(served()).toBe(before + 2);
  });

  it('never serves an answer a write has made stale', async () => {
    await request(base, list);
    const before = served();
    await request(base, list);
    expect(served()).toBe(before + 1);

    const patched = await patchVehicle(ctx, admin, vehicleId, { title: 'Renamed at the door' });
    expect(patched.statusCode).toBe(200);

    const after = await request(base, list);
    expect(served()).toBe(before + 1);
    expect(after.body.toString()).toContain('Renamed at the door');
    await request(base, list);
    expect(served()).toBe(before + 2);
  });

  it('stays shut when the log writes every request, so none is missing from it', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    const logged = await buildApp({ config: ctx.config, db: ctx.database.db, clock: ctx.clock, storage: ctx.app.deps.storage, jwtSecret: ctx.config.JWT_SECRET!, logger });
    try {
      await logged.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(logged.server.address() as AddressInfo).port}`;
      await request(at, list);
      expect((await request(at, list)).headers['x-cache']).toBe('HIT');
      expect(logged.frontDoor.served).toBe(0);
      expect(lines.filter((line) => line.includes('request completed'))).toHaveLength(2);
    } finally {
      await logged.close();
    }
  });

  it("is Fastify's own server: its timeouts stay as Fastify sets them", () => {
    expect(ctx.app.server.keepAliveTimeout).toBe(72_000);
    expect(ctx.app.server.requestTimeout).toBe(0);
  });
});

describe('createFrontDoor', () => {
  const connectedBus = () => {
    const bus = { connected: true, onChange: () => {} };
    return bus;
  };
  const keep = (answers: ReturnType<typeof createPublicAnswers>, address: string) => {
    const cache = answers.cacheOf('listings');
    answers.addresses.set(address, { key: 'k', cache });
    cache.set('k', { body: new EncodedBody('{"data":[]}'), etag: 'W/"e"', statusCode: 200 });
  };
  const fakeResponse = () => {
    const sent: { status?: number; headers?: string[]; body?: Buffer } = {};
    const response = {
      writeHead: (status: number, headers: string[]) => Object.assign(sent, { status, headers }),
      end: (body: Buffer) => Object.assign(sent, { body }),
    } as unknown as http.ServerResponse;
    return { response, sent };
  };
  const get = (url: string, headers: IncomingHttpHeaders = {}) => ({ method: 'GET', url, headers }) as http.IncomingMessage;

  it('serves a fresh kept answer with the security headers, and nothing once closed', () => {
    const answers = createPublicAnswers({ lifetimeMs: 5_000, bus: connectedBus() });
    keep(answers, '/api/vehicles');
    const door = createFrontDoor(answers, { 'x-frame-options': 'SAMEORIGIN' });
    const { response, sent } = fakeResponse();
    expect(door.serve(get('/api/vehicles'), response)).toBe(true);
    expect(sent.status).toBe(200);
    expect(sent.body?.toString()).toBe('{"data":[]}');
    expect(sent.headers).toEqual(expect.arrayContaining(['x-frame-options', 'SAMEORIGIN', 'x-cache', 'HIT', 'content-length', '11']));
    expect(door.served).toBe(1);

    door.close();
    expect(door.serve(get('/api/vehicles'), fakeResponse().response)).toBe(false);
    expect(door.served).toBe(1);
  });

  it('lets everything else in: other methods, credentials, revalidations, unknown addresses, a bus away, no cache', () => {
    const bus = connectedBus();
    const answers = createPublicAnswers({ lifetimeMs: 5_000, bus });
    keep(answers, '/api/vehicles');
    const door = createFrontDoor(answers, {});
    const refused = [
      { ...get('/api/vehicles'), method: 'HEAD' },
      get('/api/vehicles', { authorization: 'Bearer x' }),
      get('/api/vehicles', { cookie: 'a=b' }),
      get('/api/vehicles', { 'if-none-match': 'W/"e"' }),
      get('/api/vehicles?page=2'),
    ] as http.IncomingMessage[];
    for (const req of refused) expect(door.serve(req, fakeResponse().response)).toBe(false);
    bus.connected = false;
    expect(door.serve(get('/api/vehicles'), fakeResponse().response)).toBe(false);

    const uncached = createPublicAnswers({ lifetimeMs: 0, bus: connectedBus() });
    keep(uncached, '/api/vehicles');
    expect(createFrontDoor(uncached, {}).serve(get('/api/vehicles'), fakeResponse().response)).toBe(false);
  });

  it('makes the server as Fastify would, with the timeouts it is given', () => {
    const server = serverWithFrontDoor(createFrontDoor(createPublicAnswers({ lifetimeMs: 0, bus: connectedBus() }), {}))(() => {}, {
      keepAliveTimeout: 1_234,
      requestTimeout: 5_678,
      connectionTimeout: 9_000,
      maxRequestsPerSocket: 7,
    });
    expect(server.keepAliveTimeout).toBe(1_234);
    expect(server.requestTimeout).toBe(5_678);
    expect(server.timeout).toBe(9_000);
    expect(server.maxRequestsPerSocket).toBe(7);
  });
});
