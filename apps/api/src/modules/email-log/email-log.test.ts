import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RESEND_MESSAGES } from '@dealer/shared';
import { emailMessages } from '../../db/schema';
import { useTestApp, useTestUsers } from '../../test/harness';
import { enqueueEmail } from '../../mail/outbox';


const ctx = useTestApp();
const { admin, user } = useTestUsers(ctx, { admin: { role: 'ADMIN' }, user: {} });

async function logged(kind: 'welcome' | 'password-reset', to: string, status: 'queued' | 'delivered' | 'failed', error: string | null = null) {
  const id = await ctx.database.db.transaction((tx) =>
    kind === 'welcome'
      ? enqueueEmail(tx, { kind, to, data: { name: 'Log Test' } })
      : enqueueEmail(tx, { kind, to, data: { name: 'Log Test', token: 'secret', expiresAt: new Date().toISOString() } }),
  );
  await ctx.database.db
    .update(emailMessages)
    .set({ status, error, sentAt: status === 'delivered' ? new Date() : null, attempts: status === 'queued' ? 0 : 1 })
    .where(eq(emailMessages.id, id));
  return id;
}

const list = (query = '', headers: Record<string, string> = admin.auth) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/emails${query}`, headers });
const resend = (id: string, headers: Record<string, string> = admin.auth) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/emails/${id}/resend`, headers });

describe('GET /api/admin/emails', () => {
  it('lists messages newest first with recipient, subject, kind, when and outcome; never the body', async () => {
    const first = await logged('welcome', 'first@example.com', 'delivered');
    const second = await logged('welcome', 'second@example.com', 'failed', 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525');
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((e: { _id: string }) => e._id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const failed = body.data.find((e: { _id: string }) => e._id === second);
    expect(failed).toMatchObject({
      to: 'second@example.com',
      subject: 'Welcome to Apex Motors',
      kind: 'welcome',
      status: 'failed',
      error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525',
      resendable: true,
    });
    expect(failed).not.toHaveProperty('payload');
    expect(body.meta).toMatchObject({ page: 1 });
  });

  it('pages and filters by status', async () => {
    for (let i = 0; i < 3; i++) await logged('welcome', `page${i}@example.com`, 'delivered');
    const page = await list('?limit=2&page=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(2);
    const failed = await list('?status=failed');
    expect(failed.json().data.every((e: { status: string }) => e.status === 'failed')).toBe(true);
  });

  it('refuses bad paging with its message', async () => {
    const res = await list('?page=0');
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('Page must be a whole number of 1 or more');
    const limit = await list('?limit=500');
    expect(limit.statusCode).toBe(422);
    expect(JSON.stringify(limit.json())).toContain('Limit must be between 1 and 100');
    const status = await list('?status=lost');
    expect(status.statusCode).toBe(422);
    expect(JSON.stringify(status.json())).toContain('Status must be queued, delivered or failed');
  });

  it('is for admins only', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('', user.auth)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/emails/:id/resend', () => {
  it('queues a copy of a failed or delivered message as a new log entry', async () => {
    const id = await logged('welcome', 'again@example.com', 'failed', 'timeout');
    const res = await resend(id);
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({ to: 'again@example.com', kind: 'welcome', status: 'queued', resendable: false });
    expect(copy._id).not.toBe(id);
    const rows = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, 'again@example.com'));
    expect(rows).toHaveLength(2);
  });

  it('refuses a message still being sent, a password reset, and an unknown id', async () => {
    const queued = await logged('welcome', 'busy@example.com', 'queued');
    expect((await resend(queued)).json().message).toBe(RESEND_MESSAGES.queued);
    expect((await resend(queued)).statusCode).toBe(409);
    const reset = await logged('password-reset', 'reset@example.com', 'delivered');
    const refused = await resend(reset);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RESEND_MESSAGES.singleUse);
    expect((await resend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await resend('not-an-id')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const id = await logged('welcome', 'guard@example.com', 'delivered');
    expect((await resend(id, {})).statusCode).toBe(401);
    expect((await resend(id, user.auth)).statusCode).toBe(403);
    expect(await ctx.database.db.$count(emailMessages, eq(emailMessages.toAddress, 'guard@example.com'))).toBe(1);
  });
});

describe('GET /api/admin/emails/:id', () => {
  const open = (id: string, headers: Record<string, string> = admin.auth) => ctx.app.inject({ method: 'GET', url: `/api/admin/emails/${id}`, headers });

  it('shows a message as it was written for its recipient, text and HTML', async () => {
    const id = await logged('welcome', 'shown@example.com', 'delivered');
    const res = await open(id);
    expect(res.statusCode).toBe(200);
    const message = res.json().data;
    expect(message).toMatchObject({ _id: id, to: 'shown@example.com', subject: 'Welcome to Apex Motors', status: 'delivered' });
    // The welcome e-mail repeats nothing the sign-up typed (issue 23 item 20).
    expect(message.text).toContain('Hello,\n\nWelcome to Apex Motors.');
    expect(message.text).not.toContain('Log Test');
    expect(message.html).toContain('<title>Welcome to Apex Motors</title>');
  });

  it('shows a delivered reset e-mail without its token, which is no longer kept', async () => {
    const id = await logged('password-reset', 'reset-shown@example.com', 'delivered');
    await ctx.database.db
      .update(emailMessages)
      .set({ payload: { name: 'Log Test', token: null, expiresAt: new Date().toISOString() } })
      .where(eq(emailMessages.id, id));
    const message = (await open(id)).json().data;
    expect(message.text).toContain('/reset-password#link-removed-after-delivery');
    expect(message.text).not.toContain('secret');
  });

  it('answers 404 for an unknown message and is for admins only', async () => {
    expect((await open('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await open('not-a-uuid')).statusCode).toBe(404);
    const id = await logged('welcome', 'private@example.com', 'delivered');
    expect((await open(id, user.auth)).statusCode).toBe(403);
  });
});
