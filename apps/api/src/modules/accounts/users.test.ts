import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AuditEntry, PageMeta, UserSecurity } from '@dealer/shared';
import { passwordResetTokens, refreshTokens, signInEvents, users } from '../../db/schema';
import { INACTIVE_ACCOUNT_MESSAGE } from '../auth';
import { verifyPassword } from '../../infra/passwords';
import { hashToken } from '../../infra/tokens';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { createAdmin, createAppointment, createUser, setUserCreatedAt, type TestUser } from '../../test/factories';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

async function insertSession(ctx: TestContext, userId: string, values: Partial<typeof refreshTokens.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(refreshTokens)
    .values({
      userId,
      familyId: randomUUID(),
      tokenHash: hashToken(randomUUID()),
      userAgent: 'Mozilla/5.0 Test',
      ip: '203.0.113.7',
      expiresAt: new Date(NOW.getTime() + 24 * 7 * HOUR),
      createdAt: new Date(NOW.getTime() - HOUR),
      ...values,
    })
    .returning();
  return row!;
}

/** A target user with no session of its own (createUser starts one), so a test counts only the sessions it makes. */
async function userWithoutSessions(ctx: TestContext) {
  const user = await createUser(ctx);
  await ctx.database.db.delete(refreshTokens).where(eq(refreshTokens.userId, user.id));
  return user;
}

async function sessionRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return row!;
}

async function auditOf(ctx: TestContext, admin: TestUser, userId: string): Promise<AuditEntry[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/audit?entityType=user&entityId=${userId}`,
    headers: admin.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('admin user endpoints: who may call them', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let user: TestUser;
  let target: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createAdmin(ctx);
    user = await createUser(ctx);
    target = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const calls = (): { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }[] => [
    { method: 'GET', url: '/api/users' },
    { method: 'GET', url: `/api/users/${target.id}` },
    { method: 'GET', url: `/api/users/${target.id}/maintenance` },
    { method: 'GET', url: `/api/users/${target.id}/security` },
    { method: 'POST', url: `/api/users/${target.id}/revoke-sessions` },
    { method: 'PATCH', url: `/api/users/${target.id}/status`, payload: { status: 'active' } },
    { method: 'POST', url: `/api/users/${target.id}/password-reset` },
  ];

  it('answers 401 to anonymous callers, 403 to users and 200 to admins', async () => {
    for (const call of calls()) {
      const anonymous = await ctx.app.inject(call);
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      const asUser = await ctx.app.inject({ ...call, headers: user.auth });
      expect(asUser.statusCode, `${call.method} ${call.url}`).toBe(403);
      const asAdmin = await ctx.app.inject({ ...call, headers: admin.auth });
      expect(asAdmin.statusCode, `${call.method} ${call.url}`).toBe(200);
      expect(asAdmin.json().status).toBe('SUCCESS');
    }
  });

  it('leaves GET /api/users/profile to the profile route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(user.id);
    expect(res.json().data).not.toHaveProperty('maintenanceCount');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      for (const suffix of ['', '/maintenance', '/security']) {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${id}${suffix}`, headers: admin.auth });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 404, message: 'User not found' });
      }
    }
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${randomUUID()}/status`,
      headers: admin.auth,
      payload: { status: 'inactive' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it('documents the routes on the OpenAPI page', async () => {
    const paths = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    expect(paths['/api/users'].get.tags).toEqual(['admin users']);
    expect(paths['/api/users/{id}/status'].patch.tags).toEqual(['admin users']);
    expect(paths['/api/auth/password-reset'].post.tags).toEqual(['auth']);
  });
});

describe('GET /api/users', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const people: Record<string, TestUser> = {};

  const list = async (query: string): Promise<{ data: AdminUser[]; meta: PageMeta }> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users${query}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = async (query: string) => (await list(query)).data.map((u) => u.name);

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    admin = await createAdmin(ctx, { name: 'Admin Ann', username: 'admin_ann', email: 'ann@apex.test' });
    await setUserCreatedAt(ctx, admin.id, '2020-01-01T12:00:00Z');
    const make = async (key: string, name: string, status: 'active' | 'inactive' | 'suspended', createdAt: string) => {
      people[key] = await createUser(ctx, { name, status, username: key, email: `${key}@mail.test` });
      await setUserCreatedAt(ctx, people[key]!.id, createdAt);
    };
    await make('alice', 'Alice Active', 'active', '2026-02-10T15:00:00Z');
    await make('bob', 'Bob Inactive', 'inactive', '2026-02-12T15:00:00Z');
    await make('carol', 'Carol Suspended', 'suspended', '2026-02-14T15:00:00Z');
    // 22:30 on February 14 at the dealership (New York), already February 15 in UTC.
    await make('dave', 'Dave Late', 'active', '2026-02-15T03:30:00Z');
    for (let i = 1; i <= 3; i += 1)
      await createAppointment(ctx, { userId: people.alice!.id, createdAt: new Date(NOW.getTime() - i * 24 * HOUR) });
    await createAppointment(ctx, { userId: people.bob!.id });
    await createAppointment(ctx, { userId: null });
    await ctx.database.db.update(users).set({ statusReason: 'Chargeback fraud' }).where(eq(users.id, people.carol!.id));
    await ctx.database.db
      .update(users)
      .set({ lastLoginAt: new Date('2026-02-20T10:00:00Z') })
      .where(eq(users.id, people.alice!.id));
  });
  afterAll(() => ctx.close());

  it('lists everyone newest first with the admin fields and page meta', async () => {
    const body = await list('');
    expect(body.data.map((u) => u.name)).toEqual(['Dave Late', 'Carol Suspended', 'Bob Inactive', 'Alice Active', 'Admin Ann']);
    expect(body.meta).toEqual({ page: 1, limit: 10, itemCount: 5, pageCount: 1, hasPreviousPage: false, hasNextPage: false });
    const alice = body.data.find((u) => u.name === 'Alice Active')!;
    expect(alice).toEqual({
      _id: people.alice!.id,
      username: 'alice',
      name: 'Alice Active',
      email: 'alice@mail.test',
      phone: expect.any(String),
      address: '1 Test Street',
      avatar: null,
      role: 'USER',
      status: 'active',
      createdAt: '2026-02-10T15:00:00.000Z',
      updatedAt: expect.any(String),
      lastLoginAt: '2026-02-20T10:00:00.000Z',
      statusReason: null,
      maintenanceCount: 3,
    });
    expect(body.data.find((u) => u.name === 'Bob Inactive')!.maintenanceCount).toBe(1);
    expect(body.data.find((u) => u.name === 'Carol Suspended')).toMatchObject({
      statusReason: 'Chargeback fraud',
      maintenanceCount: 0,
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('filters by status, and omits the filter for all', async () => {
    expect(await names('?status=active')).toEqual(['Dave Late', 'Alice Active', 'Admin Ann']);
    expect(await names('?status=inactive')).toEqual(['Bob Inactive']);
    expect(await names('?status=suspended')).toEqual(['Carol Suspended']);
    expect(await names('?status=all')).toHaveLength(5);
    expect(await names('?status=')).toHaveLength(5);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/users?status=banned', headers: admin.auth });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: 'Unknown status' });
  });

  it('filters by joined dates, both inclusive, in the dealership time zone', async () => {
    expect(await names('?joinedFrom=2026-02-12')).toEqual(['Dave Late', 'Carol Suspended', 'Bob Inactive']);
    expect(await names('?joinedTo=2026-02-12')).toEqual(['Bob Inactive', 'Alice Active', 'Admin Ann']);
    expect(await names('?joinedFrom=2026-02-14&joinedTo=2026-02-14')).toEqual(['Dave Late', 'Carol Suspended']);
    expect(await names('?joinedFrom=2026-02-15')).toEqual([]);
    expect(await names('?joinedFrom=2026-02-10&joinedTo=2026-02-10')).toEqual(['Alice Active']);
    expect(await names('?joinedFrom=&joinedTo=')).toHaveLength(5);
  });

  it('refuses malformed or reversed joined dates with 422', async () => {
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/users?joinedFrom=2026-02-30', headers: admin.auth });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('joinedFrom');
    const reversed = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?joinedFrom=2026-02-14&joinedTo=2026-02-10',
      headers: admin.auth,
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ joinedTo: 'Joined to must be on or after joined from' });
  });

  it('searches by name, e-mail, username or id', async () => {
    expect(await names('?search=carol')).toEqual(['Carol Suspended']);
    expect(await names('?search=BOB%40MAIL')).toEqual(['Bob Inactive']);
    expect(await names('?search=admin_ann')).toEqual(['Admin Ann']);
    expect(await names(`?search=${people.dave!.id.slice(0, 8)}`)).toEqual(['Dave Late']);
    expect(await names(`?search=${people.dave!.id.slice(-8)}`)).toEqual(['Dave Late']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=')).toHaveLength(5);
    expect(await names('?search=active&status=active')).toEqual(['Alice Active']);
  });

  it('pages through the list up to and past the last page', async () => {
    const first = await list('?limit=2');
    expect(first.data.map((u) => u.name)).toEqual(['Dave Late', 'Carol Suspended']);
    expect(first.meta).toEqual({ page: 1, limit: 2, itemCount: 5, pageCount: 3, hasPreviousPage: false, hasNextPage: true });
    const second = await list('?limit=2&page=2');
    expect(second.data.map((u) => u.name)).toEqual(['Bob Inactive', 'Alice Active']);
    expect(second.meta).toMatchObject({ page: 2, hasPreviousPage: true, hasNextPage: true });
    const last = await list('?limit=2&page=3');
    expect(last.data.map((u) => u.name)).toEqual(['Admin Ann']);
    expect(last.meta).toEqual({ page: 3, limit: 2, itemCount: 5, pageCount: 3, hasPreviousPage: true, hasNextPage: false });
    const beyond = await list('?limit=2&page=4');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ page: 4, itemCount: 5, pageCount: 3, hasNextPage: false });
    const empty = await list('?status=inactive&search=nobody');
    expect(empty.meta).toEqual({ page: 1, limit: 10, itemCount: 0, pageCount: 1, hasPreviousPage: false, hasNextPage: false });
    const exact = await list('?limit=5');
    expect(exact.meta).toMatchObject({ pageCount: 1, hasNextPage: false });
    for (const bad of ['?page=0', '?limit=0', '?limit=101', '?page=abc']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/users${bad}`, headers: admin.auth });
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('shows one user and their maintenance requests, newest first', async () => {
    const one = await ctx.app.inject({ method: 'GET', url: `/api/users/${people.alice!.id}`, headers: admin.auth });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      _id: people.alice!.id,
      maintenanceCount: 3,
      lastLoginAt: '2026-02-20T10:00:00.000Z',
    });
    const latest = await createAppointment(ctx, {
      userId: people.alice!.id,
      specificService: 'Brake Inspection',
      createdAt: new Date(NOW.getTime() + HOUR),
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${people.alice!.id}/maintenance`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(4);
    expect(data[0]).toMatchObject({
      _id: latest.id,
      specificService: 'Brake Inspection',
      userId: people.alice!.id,
      status: 'Pending',
    });
    const none = await ctx.app.inject({ method: 'GET', url: `/api/users/${people.carol!.id}/maintenance`, headers: admin.auth });
    expect(none.json().data).toEqual([]);
  });
});

describe('security, sessions and status changes', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    admin = await createAdmin(ctx, { name: 'Admin Max' });
  });
  afterAll(() => ctx.close());

  it('shows the last 20 sign-ins and only the active sessions', async () => {
    const user = await userWithoutSessions(ctx);
    const other = await createUser(ctx);
    for (let i = 0; i < 25; i += 1) {
      await ctx.database.db.insert(signInEvents).values({
        userId: user.id,
        identifier: user.username,
        success: i % 5 !== 0,
        reason: i % 5 === 0 ? 'wrong password' : null,
        ip: `198.51.100.${i}`,
        userAgent: 'Firefox',
        createdAt: new Date(NOW.getTime() - (25 - i) * HOUR),
      });
    }
    await ctx.database.db.insert(signInEvents).values({ userId: other.id, identifier: other.username, success: true });
    const active = await insertSession(ctx, user.id, { userAgent: 'Safari on iPhone' });
    await insertSession(ctx, user.id, { revokedAt: NOW });
    await insertSession(ctx, user.id, { rotatedAt: NOW });
    await insertSession(ctx, user.id, { expiresAt: new Date(NOW.getTime() - 1000) });
    await insertSession(ctx, other.id);

    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}/security`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const data: UserSecurity = res.json().data;
    expect(data.signIns).toHaveLength(20);
    expect(data.signIns[0]).toEqual({
      _id: expect.any(String),
      success: true,
      reason: null,
      ip: '198.51.100.24',
      userAgent: 'Firefox',
      createdAt: new Date(NOW.getTime() - HOUR).toISOString(),
    });
    expect(data.signIns[4]).toMatchObject({ success: false, reason: 'wrong password', ip: '198.51.100.20' });
    expect(data.sessions).toEqual([
      {
        _id: active.id,
        userAgent: 'Safari on iPhone',
        ip: '203.0.113.7',
        createdAt: active.createdAt.toISOString(),
        expiresAt: active.expiresAt.toISOString(),
      },
    ]);
  });

  it('revokes all sessions of a user and records it', async () => {
    const user = await userWithoutSessions(ctx);
    const a = await insertSession(ctx, user.id);
    const b = await insertSession(ctx, user.id);
    const expired = await insertSession(ctx, user.id, { expiresAt: new Date(NOW.getTime() - 1000) });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}/revoke-sessions`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ revoked: 2 });
    for (const id of [a.id, b.id, expired.id]) expect((await sessionRow(ctx, id)).revokedAt).not.toBeNull();
    const security = await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}/security`, headers: admin.auth });
    expect(security.json().data.sessions).toEqual([]);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}/revoke-sessions`, headers: admin.auth });
    expect(again.json().data).toEqual({ revoked: 0 });
    const [latest] = await auditOf(ctx, admin, user.id);
    expect(latest).toMatchObject({
      actor: { _id: admin.id, name: 'Admin Max' },
      action: 'user.revoke-sessions',
      entityType: 'user',
      entityId: user.id,
    });
    const entries = await auditOf(ctx, admin, user.id);
    expect(entries.map((e) => e.before)).toEqual([{ activeSessions: 0 }, { activeSessions: 2 }]);
  });

  it('suspends with a reason: sessions end, access tokens stop working, and it is recorded', async () => {
    const user = await createUser(ctx);
    const session = await insertSession(ctx, user.id);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth });
    expect(before.statusCode).toBe(200);

    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/status`,
      headers: admin.auth,
      payload: { status: 'suspended', reason: '  Abusive messages to staff  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: user.id, status: 'suspended', statusReason: 'Abusive messages to staff' });

    expect((await sessionRow(ctx, session.id)).revokedAt).not.toBeNull();
    const after = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(INACTIVE_ACCOUNT_MESSAGE);

    const [entry] = await auditOf(ctx, admin, user.id);
    expect(entry).toMatchObject({
      actor: { _id: admin.id },
      action: 'user.status',
      before: { status: 'active', statusReason: null },
      after: { status: 'suspended', statusReason: 'Abusive messages to staff' },
    });

    const reactivated = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/status`,
      headers: admin.auth,
      payload: { status: 'active' },
    });
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().data).toMatchObject({ status: 'active', statusReason: null });
    // The suspension ended the session behind the old token: the user signs in again.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth })).statusCode).toBe(401);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.username, password: user.password } });
    expect(again.statusCode).toBe(200);
    const entries = await auditOf(ctx, admin, user.id);
    expect(entries[0]).toMatchObject({
      before: { status: 'suspended', statusReason: 'Abusive messages to staff' },
      after: { status: 'active', statusReason: null },
    });
  });

  it('deactivates an account and ends its sessions', async () => {
    const user = await createUser(ctx);
    const session = await insertSession(ctx, user.id);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/status`,
      headers: admin.auth,
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'inactive', statusReason: null });
    expect((await sessionRow(ctx, session.id)).revokedAt).not.toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth })).statusCode).toBe(403);
  });

  it('needs a reason to suspend and a known status', async () => {
    const user = await createUser(ctx);
    for (const payload of [{ status: 'suspended' }, { status: 'suspended', reason: '   ' }]) {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${user.id}/status`, headers: admin.auth, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ reason: 'A reason is required to suspend an account' });
    }
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/status`,
      headers: admin.auth,
      payload: { status: 'banned' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ status: 'Unknown status' });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe('active');
  });

  it('does not let an admin change the status of their own account', async () => {
    const session = await insertSession(ctx, admin.id);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.id}/status`,
      headers: admin.auth,
      payload: { status: 'suspended', reason: 'Testing' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 'ERROR',
      statusCode: 409,
      message: 'You cannot change the status of your own account',
    });
    expect((await sessionRow(ctx, session.id)).revokedAt).toBeNull();
    expect(await auditOf(ctx, admin, admin.id)).toEqual([]);
  });
});

describe('password reset links', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const clock = fixedClock(NOW);

  const createLink = async (userId: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/users/${userId}/password-reset`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const { resetUrl, expiresAt } = res.json().data as { resetUrl: string; expiresAt: string };
    return { resetUrl, expiresAt, token: resetUrl.split('/reset-password#')[1]! };
  };
  const useLink = (token: string, password = 'BrandNew123!', confirmPassword = password) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password, confirmPassword } });
  const passwordHashOf = async (userId: string) =>
    (await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    admin = await createAdmin(ctx, { name: 'Admin Rae' });
  });
  afterAll(() => ctx.close());

  it('gives a one-time link valid 24 hours, storing only its hash, and records it without the token', async () => {
    const user = await createUser(ctx);
    const { resetUrl, expiresAt, token } = await createLink(user.id);
    expect(resetUrl).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password#[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(new Date(NOW.getTime() + 24 * HOUR).toISOString());
    const rows = await ctx.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: hashToken(token), createdBy: admin.id, usedAt: null });
    const entries = await auditOf(ctx, admin, user.id);
    expect(entries[0]).toMatchObject({
      action: 'user.password-reset',
      actor: { _id: admin.id },
      after: { resetLinkExpiresAt: expiresAt },
    });
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it('sets the new password once, ends every session, and refuses a second use', async () => {
    const user = await createUser(ctx);
    const session = await insertSession(ctx, user.id);
    const { token } = await createLink(user.id);
    clock.advance(23 * HOUR);
    try {
      const res = await useLink(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'SUCCESS', data: { reset: true } });
      expect(await verifyPassword(await passwordHashOf(user.id), 'BrandNew123!')).toBe(true);
      expect(await verifyPassword(await passwordHashOf(user.id), user.password)).toBe(false);
      expect((await sessionRow(ctx, session.id)).revokedAt).not.toBeNull();

      const again = await useLink(token, 'Another123!');
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({
        status: 'ERROR',
        statusCode: 410,
        message: 'This reset link is invalid or has expired.',
      });
      expect(await verifyPassword(await passwordHashOf(user.id), 'BrandNew123!')).toBe(true);
    } finally {
      clock.set(NOW);
    }
    const entries = await auditOf(ctx, admin, user.id);
    expect(entries.map((e) => e.action)).toEqual(['user.password-reset.completed', 'user.password-reset']);
    expect(entries[0]!.actor).toMatchObject({ _id: user.id });
  });

  it('expires after 24 hours', async () => {
    const user = await createUser(ctx);
    const { token } = await createLink(user.id);
    const before = await passwordHashOf(user.id);
    clock.advance(25 * HOUR);
    try {
      const res = await useLink(token);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('This reset link is invalid or has expired.');
    } finally {
      clock.set(NOW);
    }
    expect(await passwordHashOf(user.id)).toBe(before);
  });

  it('replaces an earlier link with a new one and refuses unknown tokens', async () => {
    const user = await createUser(ctx);
    const first = await createLink(user.id);
    const second = await createLink(user.id);
    expect((await useLink(first.token)).statusCode).toBe(410);
    expect((await useLink('made-up-token')).statusCode).toBe(410);
    expect((await useLink(second.token)).statusCode).toBe(200);
  });

  it('validates the new password before touching the link', async () => {
    const user = await createUser(ctx);
    const { token } = await createLink(user.id);
    const mismatch = await useLink(token, 'BrandNew123!', 'Different123!');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ confirmPassword: 'Passwords must match' });
    const short = await useLink(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toMatchObject({ password: 'Password must be at least 8 characters.' });
    expect((await useLink(token)).statusCode).toBe(200);
  });

  it('uses PUBLIC_URL for the link when configured', async () => {
    const other = await createTestApp({ config: { PUBLIC_URL: 'https://cars.example.com/' } });
    try {
      const otherAdmin = await createAdmin(other);
      const user = await createUser(other);
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/users/${user.id}/password-reset`,
        headers: otherAdmin.auth,
      });
      expect(res.json().data.resetUrl).toMatch(/^https:\/\/cars\.example\.com\/reset-password#[A-Za-z0-9_-]+$/);
    } finally {
      await other.close();
    }
  });

  it('never builds the link from the Host header (http://localhost:PORT without PUBLIC_URL)', async () => {
    const other = await createTestApp({ config: { PORT: 8124 } });
    try {
      const otherAdmin = await createAdmin(other);
      const user = await createUser(other);
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/users/${user.id}/password-reset`,
        headers: { ...otherAdmin.auth, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.json().data.resetUrl).toMatch(/^http:\/\/localhost:8124\/reset-password#[A-Za-z0-9_-]+$/);
    } finally {
      await other.close();
    }
  });
});
