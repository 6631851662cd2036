import {
  USER_ROLE_MESSAGES,
  type AdminUser,
  type MaintenanceAppointment,
  type PageMeta,
  type PasswordResetLink,
  type Role,
  type UserSecurity,
  type UserStatus,
} from '@dealer/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../audit';
import type { Clock } from '../../infra/clock';
import { ConflictError, NotFoundError } from '../../infra/errors';
import type { FileStorage } from '../../infra/storage';
import { pageMeta } from '../../http/envelope';
import { activeSessions, countActiveSessions, endAccountAccess, issueResetToken, recentSignIns, revokeUserSessions, toPublicUser } from '../auth';
import * as repo from './users.repository';
import { isUuid } from '../../infra/uuid';

export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const SIGN_IN_HISTORY = 20;

export const USER_NOT_FOUND = 'User not found';
export const OWN_STATUS_MESSAGE = 'You cannot change the status of your own account';

/**
 * What user administration reads and changes in other domains, wired at the composition root so the
 * dependency points one way (maintenance and vehicles look people up here, not the reverse).
 */
export interface UserAdminDomains {
  /** Maintenance: a user's appointments, and their count as a column of the user list's own query. */
  appointments: {
    countOf: repo.AppointmentCountOf;
    listOf(db: Executor, userId: string): Promise<MaintenanceAppointment[]>;
  };
  /** Vehicles: a seller who is no longer active has their listings taken off sale, back to them as drafts. */
  listings: {
    withdrawSeller(tx: Executor, sellerId: string, now: Date): Promise<{ id: string; status: string }[]>;
    /** The review note a withdrawn listing carries. */
    withdrawnNote: string;
  };
}

export interface UsersServiceDeps extends UserAdminDomains {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  config: Pick<Config, 'WORKSHOP_TZ'>;
}

export interface UserListInput {
  status?: UserStatus;
  joinedFrom?: string;
  joinedTo?: string;
  search?: string;
  page: number;
  limit: number;
}

function toAdminUser(row: { user: repo.UserRow; maintenanceCount: number }, storage: FileStorage): AdminUser {
  return {
    ...toPublicUser(row.user, storage),
    lastLoginAt: row.user.lastLoginAt?.toISOString() ?? null,
    statusReason: row.user.statusReason,
    maintenanceCount: row.maintenanceCount,
  };
}

/** The audit action of a role change: the spec's promote and demote for Admin and User, 'user.role' for staff roles. */
function roleChangeAction(before: Role, after: Role): string {
  if (after === 'ADMIN') return 'user.promote';
  if (before === 'ADMIN' && after === 'USER') return 'user.demote';
  return 'user.role';
}

/** An admin's change to an account, on that account's audit trail. */
function auditUser(tx: Executor, actorId: string, id: string, action: string, change: { before: object | null; after: object }) {
  return recordAudit(tx, { actorId, action, entityType: 'user', entityId: id, ...change });
}

/** Administration of users: the list, one user's record, appointments and security, status, role and reset links. */
export function createUsersService({ db, clock, storage, config, appointments, listings }: UsersServiceDeps) {
  async function findOrThrow(id: string) {
    const row = isUuid(id) ? await repo.findUser(db, appointments.countOf, id) : undefined;
    if (!row) throw new NotFoundError(USER_NOT_FOUND);
    return row;
  }

  return {
    async list(input: UserListInput): Promise<{ data: AdminUser[]; meta: PageMeta }> {
      const { rows, total } = await repo.listUsers(
        db,
        appointments.countOf,
        {
          status: input.status,
          joinedFrom: input.joinedFrom,
          joinedTo: input.joinedTo,
          search: input.search || undefined,
          timeZone: config.WORKSHOP_TZ,
        },
        input.page,
        input.limit,
      );
      return { data: rows.map((row) => toAdminUser(row, storage)), meta: pageMeta(input.page, input.limit, total) };
    },

    async get(id: string): Promise<AdminUser> {
      return toAdminUser(await findOrThrow(id), storage);
    },

    async appointments(id: string): Promise<MaintenanceAppointment[]> {
      await findOrThrow(id);
      return appointments.listOf(db, id);
    },

    async security(id: string): Promise<UserSecurity> {
      await findOrThrow(id);
      const now = clock.now();
      const [signIns, sessions] = await Promise.all([
        recentSignIns(db, id, SIGN_IN_HISTORY),
        activeSessions(db, id, now),
      ]);
      return {
        signIns: signIns.map((e) => ({
          _id: e.id,
          success: e.success,
          reason: e.reason,
          ip: e.ip,
          userAgent: e.userAgent,
          createdAt: e.createdAt.toISOString(),
        })),
        sessions: sessions.map((s) => ({
          _id: s.id,
          userAgent: s.userAgent,
          ip: s.ip,
          createdAt: s.createdAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        })),
      };
    },

    /** Ends every session of the user; their access tokens stop working at once. */
    async revokeSessions(actorId: string, id: string): Promise<{ revoked: number }> {
      await findOrThrow(id);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const revoked = await countActiveSessions(tx, id, now);
        await revokeUserSessions(tx, id, now);
        await auditUser(tx, actorId, id, 'user.revoke-sessions', {
          before: { activeSessions: revoked },
          after: { activeSessions: 0 },
        });
        return { revoked };
      });
    },

    /**
     * Activates, deactivates or suspends an account. A non-active account is logged out
     * everywhere: its refresh tokens are revoked and the auth hook refuses its access tokens.
     */
    async changeStatus(actorId: string, id: string, input: { status: UserStatus; reason?: string }): Promise<AdminUser> {
      await findOrThrow(id);
      if (id === actorId) throw new ConflictError(OWN_STATUS_MESSAGE);
      const now = clock.now();
      await db.transaction(async (tx) => {
        // The roster lock first, then the row: every such transaction takes them in this order.
        await repo.lockAdminRoster(tx);
        const current = await repo.findUser(tx, appointments.countOf, id, { forUpdate: true });
        if (!current) throw new NotFoundError(USER_NOT_FOUND);
        const leavesActiveAdmins = current.user.role === 'ADMIN' && current.user.status === 'active' && input.status !== 'active';
        if (leavesActiveAdmins && (await repo.countActiveAdmins(tx)) <= 1) {
          throw new ConflictError(USER_ROLE_MESSAGES.lastAdminDeactivate);
        }
        const statusReason = input.status === 'active' ? null : input.reason || null;
        await repo.updateStatus(tx, id, input.status, statusReason, now);
        if (input.status !== 'active') {
          await endAccountAccess(tx, id, now);
        }
        await auditUser(tx, actorId, id, 'user.status', {
          before: { status: current.user.status, statusReason: current.user.statusReason },
          after: { status: input.status, statusReason },
        });
        // Buyers must not reach a suspended seller: their listings leave sale and return to them as drafts.
        if (input.status !== 'active') {
          for (const listing of await listings.withdrawSeller(tx, id, now)) {
            await recordAudit(tx, {
              actorId,
              action: 'vehicle.withdraw',
              entityType: 'vehicle',
              entityId: listing.id,
              before: { status: listing.status },
              after: { status: 'draft', reviewNote: listings.withdrawnNote },
            });
          }
        }
      });
      return toAdminUser(await findOrThrow(id), storage);
    },

    /**
     * Sets a user's role: Admin, User (a customer) or a staff role (Service advisor, Technician, Sales).
     * Only an active account is made an admin or staff; the last active admin never leaves ADMIN; an
     * admin does not change their own role (the last-admin rule answers first, as it always has). The
     * role is read on each request, so the change opens or closes /admin parts at the next one.
     */
    async changeRole(actorId: string, id: string, input: { role: Role }): Promise<AdminUser> {
      await findOrThrow(id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.lockAdminRoster(tx);
        const current = await repo.findUser(tx, appointments.countOf, id, { forUpdate: true });
        if (!current) throw new NotFoundError(USER_NOT_FOUND);
        const before = current.user.role as Role;
        if (before === input.role) return;
        const active = current.user.status === 'active';
        if (input.role === 'ADMIN' && !active) throw new ConflictError(USER_ROLE_MESSAGES.promoteInactive);
        if (input.role !== 'USER' && !active) throw new ConflictError(USER_ROLE_MESSAGES.staffInactive);
        if (before === 'ADMIN' && active && (await repo.countActiveAdmins(tx)) <= 1) {
          throw new ConflictError(USER_ROLE_MESSAGES.lastAdminDemote);
        }
        if (id === actorId) throw new ConflictError(USER_ROLE_MESSAGES.ownRole);
        await repo.updateRole(tx, id, input.role, now);
        await auditUser(tx, actorId, id, roleChangeAction(before, input.role), {
          before: { role: before },
          after: { role: input.role },
        });
      });
      return toAdminUser(await findOrThrow(id), storage);
    },

    /** A one-time link the admin copies to the user. Only the token's hash is stored. */
    async createResetLink(actorId: string, id: string, origin: string): Promise<PasswordResetLink> {
      await findOrThrow(id);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
      const token = await db.transaction(async (tx) => {
        const issued = await issueResetToken(tx, { userId: id, createdBy: actorId, expiresAt, now });
        await auditUser(tx, actorId, id, 'user.password-reset', {
          before: null,
          after: { resetLinkExpiresAt: expiresAt.toISOString() },
        });
        return issued;
      });
      return { resetUrl: `${origin.replace(/\/+$/, '')}/reset-password#${token}`, expiresAt: expiresAt.toISOString() };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
