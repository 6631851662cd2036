import { eq, ne } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@dealer/shared';
import { refreshTokens, users } from '../../db/schema';
import { INACTIVE_ACCOUNT_MESSAGE } from '../auth';
import { TEST_DB_KIND, useTestApp } from '../../test/harness';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { sessionFor } from '../../test/sessions';

const LAST_ADMIN_DEMOTE = 'The last active admin cannot be demoted. Make another user an admin first.';
const LAST_ADMIN_DEACTIVATE = 'The last active admin cannot be deactivated or suspended. Make another user an admin first.';
const OWN_ROLE = 'You cannot change the role of your own account';
const STAFF_INACTIVE = 'Only an active account can be made staff. Activate it first.';
const STAFF = ['SERVICE_ADVISOR', 'TECHNICIAN', 'SALES'] as const;

const ctx = useTestApp();
let admin: TestUser;

// Each test starts with one active admin: everyone else a user again, inactive, and the admin signed in afresh.
beforeAll(async () => {
  admin = await createAdmin(ctx, { name: 'Admin Ada' });
});
afterEach(async () => {
  await ctx.database.db.update(users).set({ role: 'USER', status: 'inactive' }).where(ne(users.id, admin.id));
  await ctx.database.db.update(users).set({ role: 'ADMIN', status: 'active', statusReason: null }).where(eq(users.id, admin.id));
  admin = await sessionFor(ctx, admin);
});

const setRole = (actor: TestUser | null, id: string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/users/${id}/role`, headers: actor?.auth ?? {}, payload: payload as Record<string, unknown> });
const setStatus = (actor: TestUser, id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/users/${id}/status`, headers: actor.auth, payload });
const roleOf = async (id: string) => (await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;

async function auditOf(userId: string): Promise<AuditEntry[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit?entityType=user&entityId=${userId}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe(`PATCH /api/users/:id/role (${TEST_DB_KIND})`, () => {
  it('promotes a user, who then reaches the admin endpoints, and demotes them again; both recorded', async () => {
    const user = await createUser(ctx, { name: 'Uma User' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users', headers: user.auth })).statusCode).toBe(403);

    const promoted = await setRole(admin, user.id, { role: 'ADMIN' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ _id: user.id, role: 'ADMIN', status: 'active' });
    // The role is read on each request: the same token opens the admin endpoints at once.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users', headers: user.auth })).statusCode).toBe(200);

    const demoted = await setRole(admin, user.id, { role: 'USER' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().data.role).toBe('USER');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users', headers: user.auth })).statusCode).toBe(403);

    const entries = await auditOf(user.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.demote', { role: 'ADMIN' }, { role: 'USER' }],
      ['user.promote', { role: 'USER' }, { role: 'ADMIN' }],
    ]);
    expect(entries[0]!.actor).toMatchObject({ _id: admin.id });
  });

  it('changes nothing and records nothing when the role is already the one sent', async () => {
    const user = await createUser(ctx);
    const res = await setRole(admin, user.id, { role: 'USER' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('USER');
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('refuses to demote the last active admin, themself included (409)', async () => {
    const res = await setRole(admin, admin.id, { role: 'USER' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 409, message: LAST_ADMIN_DEMOTE });
    expect(await roleOf(admin.id)).toBe('ADMIN');
    expect(await auditOf(admin.id)).toEqual([]);
  });

  it('refuses an admin changing their own role, even while another active admin remains (409)', async () => {
    const second = await createAdmin(ctx);
    for (const role of ['USER', 'SALES', 'SERVICE_ADVISOR', 'TECHNICIAN']) {
      const res = await setRole(second, second.id, { role });
      expect(res.statusCode, role).toBe(409);
      expect(res.json().message).toBe(OWN_ROLE);
    }
    expect(await roleOf(second.id)).toBe('ADMIN');
    expect(await auditOf(second.id)).toEqual([]);
  });

  it('an inactive admin does not count: the only active admin stays', async () => {
    const dormant = await createAdmin(ctx, { status: 'inactive' });
    const res = await setRole(admin, admin.id, { role: 'USER' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LAST_ADMIN_DEMOTE);
    // Demoting the inactive admin is fine.
    expect((await setRole(admin, dormant.id, { role: 'USER' })).statusCode).toBe(200);
  });

  it('two admins demoting each other at once: one wins, the other is refused, one admin is left', async () => {
    const second = await createAdmin(ctx);
    const [a, b] = await Promise.all([setRole(admin, second.id, { role: 'USER' }), setRole(second, admin.id, { role: 'USER' })]);
    // The loser meets the last-admin guard (409) when both requests passed the role check together, or
    // is no longer an admin when its request is checked (403): which one depends on timing, and either
    // way it changes nothing.
    const [won, refused] = [a.statusCode, b.statusCode].sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(refused);
    const admins = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN'));
    expect(admins).toHaveLength(1);
  });

  it('promotes only an active account', async () => {
    for (const status of ['inactive', 'suspended'] as const) {
      const user = await createUser(ctx, { status });
      const res = await setRole(admin, user.id, { role: 'ADMIN' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Only an active account can be made an admin. Activate it first.');
      expect(await roleOf(user.id)).toBe('USER');
    }
  });

  it('validates the role', async () => {
    const user = await createUser(ctx);
    for (const payload of [{}, { role: 'SUPERUSER' }, { role: 'admin' }, { role: 1 }, { role: 'sales' }, { role: null }]) {
      const res = await setRole(admin, user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual({ role: 'Choose Admin, User, Service advisor, Technician or Sales' });
    }
    expect(await roleOf(user.id)).toBe('USER');
  });

  it('is for admins only (anonymous 401, a user 403, even on themself) and answers 404 for an unknown user', async () => {
    const user = await createUser(ctx);
    expect((await setRole(null, user.id, { role: 'ADMIN' })).statusCode).toBe(401);
    const self = await setRole(user, user.id, { role: 'ADMIN' });
    expect(self.statusCode).toBe(403);
    expect(await roleOf(user.id)).toBe('USER');
    expect((await setRole(admin, '00000000-0000-4000-8000-000000000000', { role: 'ADMIN' })).statusCode).toBe(404);
    expect((await setRole(admin, 'nope', { role: 'ADMIN' })).statusCode).toBe(404);
  });
});

describe(`PATCH /api/users/:id/role: staff roles (${TEST_DB_KIND})`, () => {
  it('makes a user each staff role and back a customer, each change recorded as a role change', async () => {
    for (const role of STAFF) {
      const user = await createUser(ctx);
      const res = await setRole(admin, user.id, { role });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data).toMatchObject({ _id: user.id, role });
      expect(await roleOf(user.id)).toBe(role);
      const back = await setRole(admin, user.id, { role: 'USER' });
      expect(back.statusCode).toBe(200);
      const entries = await auditOf(user.id);
      expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
        ['user.role', { role }, { role: 'USER' }],
        ['user.role', { role: 'USER' }, { role }],
      ]);
    }
  });

  it('moves staff between staff roles and to Admin (a promotion) and back', async () => {
    const user = await createUser(ctx);
    expect((await setRole(admin, user.id, { role: 'SALES' })).statusCode).toBe(200);
    expect((await setRole(admin, user.id, { role: 'TECHNICIAN' })).statusCode).toBe(200);
    expect((await setRole(admin, user.id, { role: 'ADMIN' })).statusCode).toBe(200);
    expect((await setRole(admin, user.id, { role: 'SERVICE_ADVISOR' })).statusCode).toBe(200);
    const actions = (await auditOf(user.id)).map((e) => [e.action, e.before, e.after]);
    expect(actions).toEqual([
      ['user.role', { role: 'ADMIN' }, { role: 'SERVICE_ADVISOR' }],
      ['user.promote', { role: 'TECHNICIAN' }, { role: 'ADMIN' }],
      ['user.role', { role: 'SALES' }, { role: 'TECHNICIAN' }],
      ['user.role', { role: 'USER' }, { role: 'SALES' }],
    ]);
  });

  it('makes only an active account staff (409, nothing changed)', async () => {
    for (const status of ['inactive', 'suspended'] as const) {
      const user = await createUser(ctx, { status });
      for (const role of STAFF) {
        const res = await setRole(admin, user.id, { role });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 409, message: STAFF_INACTIVE });
      }
      expect(await roleOf(user.id)).toBe('USER');
      expect(await auditOf(user.id)).toEqual([]);
    }
  });

  it('keeps the last active admin an admin whatever role is sent', async () => {
    for (const role of STAFF) {
      const res = await setRole(admin, admin.id, { role });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LAST_ADMIN_DEMOTE);
    }
    expect(await roleOf(admin.id)).toBe('ADMIN');
  });

  it('is refused to every staff role (403), on others and on themself, and the database refuses an unknown role', async () => {
    const target = await createUser(ctx);
    for (const role of STAFF) {
      const staff = await createUser(ctx);
      await setRole(admin, staff.id, { role });
      for (const id of [target.id, staff.id]) {
        const res = await setRole(staff, id, { role: 'ADMIN' });
        expect(res.statusCode, role).toBe(403);
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/users', headers: staff.auth })).statusCode).toBe(403);
    }
    expect(await roleOf(target.id)).toBe('USER');
    await expect(ctx.database.db.update(users).set({ role: 'OWNER' as never }).where(eq(users.id, target.id))).rejects.toThrow();
  });
});

describe(`deactivating accounts (${TEST_DB_KIND})`, () => {
  it('an inactive user cannot log in (clear message), their sessions end at once, and activation restores login', async () => {
    const user = await createUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth })).statusCode).toBe(200);

    const res = await setStatus(admin, user.id, { status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('inactive');
    const sessions = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toBe(INACTIVE_ACCOUNT_MESSAGE);

    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.username, password: user.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Your account is not active. Please contact the dealership.');

    expect((await setStatus(admin, user.id, { status: 'active' })).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.username, password: user.password } });
    expect(again.statusCode).toBe(200);
  });

  it('deactivates another admin while an active admin remains, and records it', async () => {
    const second = await createAdmin(ctx);
    const res = await setStatus(admin, second.id, { status: 'inactive' });
    expect(res.statusCode).toBe(200);
    const [entry] = await auditOf(second.id);
    expect(entry).toMatchObject({ action: 'user.status', before: { status: 'active' }, after: { status: 'inactive' } });
  });

  it('two admins deactivating each other at once: one wins, the other gets 409, one active admin is left', async () => {
    const second = await createAdmin(ctx);
    const [a, b] = await Promise.all([
      setStatus(admin, second.id, { status: 'inactive' }),
      setStatus(second, admin.id, { status: 'suspended', reason: 'Testing' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    // The loser is refused either by the last-admin check or, having just been deactivated itself, at the door.
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const loser = a.statusCode === 200 ? b : a;
    if (loser.statusCode === 409) expect(loser.json().message).toBe(LAST_ADMIN_DEACTIVATE);
    const active = await ctx.database.db.select({ id: users.id, status: users.status, role: users.role }).from(users);
    expect(active.filter((u) => u.role === 'ADMIN' && u.status === 'active')).toHaveLength(1);
  });

  it('an admin cannot deactivate their own account (409)', async () => {
    const res = await setStatus(admin, admin.id, { status: 'inactive' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot change the status of your own account');
  });
});
