import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

describe('POST /api/auth/password-reset rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('allows 10 attempts a minute per address, then answers 429', async () => {
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token: 'guess', password: 'Password123!', confirmPassword: 'Password123!' },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(410);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'ERROR', statusCode: 429 });
  });
});
