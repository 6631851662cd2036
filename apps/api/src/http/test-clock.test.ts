import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { offsetClock } from '../infra/clock';
import { TEST_DB_KIND, useTestApp } from '../test/harness';
import { TEST_CLOCK_HEADER } from './test-clock';

const TOKEN = 'e2e-clock-token-e2e-clock-token-0123';
const DAY = 86_400_000;

describe(`the end-to-end test clock (${TEST_DB_KIND})`, () => {
  const clock = offsetClock();
  const ctx = useTestApp(() => ({ testClock: clock, config: { TEST_CLOCK_TOKEN: TOKEN } }));
  const post = (url: string, body: object, token: string | null = TOKEN) =>
    ctx.app.inject({ method: 'POST', url, payload: body, headers: token === null ? {} : { [TEST_CLOCK_HEADER]: token } });

  it('moves the server clock on for a caller with the token', async () => {
    const before = clock.now().getTime();
    const res = await post('/api/test/clock', { advanceMs: 30 * DAY });
    expect(res.statusCode, res.body).toBe(200);
    const now = Date.parse(res.json().data.now);
    expect(now - before).toBeGreaterThanOrEqual(30 * DAY);
    expect(now - before).toBeLessThan(30 * DAY + 60_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(30 * DAY - 1000);
  });

  it('queues a known background job now', async () => {
    const res = await post('/api/test/jobs/appointment-reminders', {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'appointment-reminders'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('is not there for a caller without the right token, and refuses bad input', async () => {
    const before = clock.now().getTime();
    for (const token of [null, '', 'wrong', `${TOKEN}x`]) {
      expect((await post('/api/test/clock', { advanceMs: DAY }, token)).statusCode, String(token)).toBe(404);
      expect((await post('/api/test/jobs/email-send', {}, token)).statusCode, String(token)).toBe(404);
    }
    expect((await post('/api/test/clock', { advanceMs: -DAY })).statusCode).toBe(422);
    expect((await post('/api/test/clock', { advanceMs: 401 * DAY })).statusCode).toBe(422);
    expect((await post('/api/test/jobs/no-such-queue', {})).statusCode).toBe(422);
    expect(clock.now().getTime() - before).toBeLessThan(60_000);
  });
});

describe(`without TEST_CLOCK_TOKEN (${TEST_DB_KIND})`, () => {
  const ctx = useTestApp();
  it('has no test routes', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: DAY }, headers: { [TEST_CLOCK_HEADER]: TOKEN } });
    expect(res.statusCode).toBe(404);
  });
});
