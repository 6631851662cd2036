import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/harness';
import { createUser } from './test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('app foundation', () => {
  it('answers health with a database check', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', data: { database: 'ok' } });
  });

  it('answers unknown API routes with a JSON 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 404 });
  });

  it('sets strict security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
    // The public contract, byte for byte: a refactor changes no route, schema or message. A deliberate API
    // change updates the snapshot (vitest -u) and shows up in review.
    await expect(JSON.stringify(res.json(), null, 1)).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });

  it('refuses a forged bearer token with 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 401 });
  });

  it('accepts a valid bearer token on a public route', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: user.auth });
    expect(res.statusCode).toBe(200);
  });
});
