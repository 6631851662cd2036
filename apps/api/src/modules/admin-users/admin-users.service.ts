import {
  RESET_LINK_INVALID_MESSAGE,
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
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { FileStorage } from '../../lib/storage';
import { hashToken, randomToken } from '../../lib/tokens';
import { pageMeta } from '../../lib/envelope';
import { closeOpenResetTokens, consumeResetToken, findUsableResetToken, insertResetToken } from '../identity/reset-token.repository';
import { activeSessions, countActiveSessions, revokeUserSessions } from '../identity/session.repository';
import { recentSignIns } from '../identity/sign-in.repository';
import { toPublicUser } from '../identity/users.mapper';
import { listAppointmentsOfUser, toAppointment } from '../maintenance';
import { MESSAGES as VEHICLE_MESSAGES } from '../vehicles/vehicles.rules';
import { withdrawOwnerListings } from '../vehicles/vehicles.repository';
import * as repo from './admin-users.repository';

export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const SIGN_IN_HISTORY = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const USER_NOT_FOUND = 'User not found';
export const OWN_STATUS_MESSAGE = 'You cannot change the status of your own account';

export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

export interface AdminUsersServiceDeps {
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

export function createAdminUsersService({ db, clock, storage, config }: AdminUsersServiceDeps) {
  async function findOrThrow(id: string) {
    const row = UUID.test(id) ? await repo.findUser(db, id) : undefined;
    if (!row) throw new NotFoundError(USER_NOT_FOUND);
    return row;
  }

  return {
    async list(input: UserListInput): Promise<{ data: AdminUser[]; meta: PageMeta }> {
      const { rows, total } = await repo.listUsers(
        db,
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
      const rows = await listAppointmentsOfUser(db, id);
      return rows.map(toAppointment);
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
        await recordAudit(tx, {
          actorId,
          action: 'user.revoke-sessions',
          entityType: 'user',
          entityId: id,
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
        const current = await repo.findUser(tx, id, { forUpdate: true });
        if (!current) throw new NotFoundError(USER_NOT_FOUND);
        const leavesActiveAdmins = current.user.role === 'ADMIN' && current.user.status === 'active' && input.status !== 'active';
        if (leavesActiveAdmins && (await repo.countActiveAdmins(tx)) <= 1) {
          throw new ConflictError(USER_ROLE_MESSAGES.lastAdminDeactivate);
        }
        const statusReason = input.status === 'active' ? null : input.reason || null;
        await repo.updateStatus(tx, id, input.status, statusReason, now);
        if (input.status !== 'active') {
          await revokeUserSessions(tx, id, now);
          await closeOpenResetTokens(tx, id, now);
        }
        await recordAudit(tx, {
          actorId,
          action: 'user.status',
          entityType: 'user',
          entityId: id,
          before: { status: current.user.status, statusReason: current.user.statusReason },
          after: { status: input.status, statusReason },
        });
        // Buyers must not reach a suspended seller: their listings leave sale and return to them as drafts.
        if (input.status !== 'active') {
          for (const listing of await withdrawOwnerListings(tx, id, VEHICLE_MESSAGES.sellerWithdrawn, now)) {
            await recordAudit(tx, {
              actorId,
              action: 'vehicle.withdraw',
              entityType: 'vehicle',
              entityId: listing.id,
              before: { status: listing.status },
              after: { status: 'draft', reviewNote: VEHICLE_MESSAGES.sellerWithdrawn },
            });
          }
        }
      });
      return toAdminUser(await findOrThrow(id), storage);
    },

    /**
     * Makes a user an admin, or an admin a user again. Only an active account is promoted; an admin may
     * demote themself while another active admin remains, and the last active admin is never demoted.
     * A demoted admin loses the admin screens at their next request (the role is read on each one).
     */
    async changeRole(actorId: string, id: string, input: { role: Role }): Promise<AdminUser> {
      await findOrThrow(id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.lockAdminRoster(tx);
        const current = await repo.findUser(tx, id, { forUpdate: true });
        if (!current) throw new NotFoundError(USER_NOT_FOUND);
        const before = current.user.role as Role;
        if (before === input.role) return;
        if (input.role === 'ADMIN' && current.user.status !== 'active') throw new ConflictError(USER_ROLE_MESSAGES.promoteInactive);
        if (input.role === 'USER' && current.user.status === 'active' && (await repo.countActiveAdmins(tx)) <= 1) {
          throw new ConflictError(USER_ROLE_MESSAGES.lastAdminDemote);
        }
        await repo.updateRole(tx, id, input.role, now);
        await recordAudit(tx, {
          actorId,
          action: input.role === 'ADMIN' ? 'user.promote' : 'user.demote',
          entityType: 'user',
          entityId: id,
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
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
      await db.transaction(async (tx) => {
        await closeOpenResetTokens(tx, id, now);
        await insertResetToken(tx, {
          userId: id,
          tokenHash: hashToken(token),
          createdBy: actorId,
          expiresAt,
          createdAt: now,
        });
        await recordAudit(tx, {
          actorId,
          action: 'user.password-reset',
          entityType: 'user',
          entityId: id,
          before: null,
          after: { resetLinkExpiresAt: expiresAt.toISOString() },
        });
      });
      return { resetUrl: `${origin.replace(/\/+$/, '')}/reset-password#${token}`, expiresAt: expiresAt.toISOString() };
    },

    /** Whether a link still works, so the page can say it does not before asking for a password. */
    async checkReset(token: string): Promise<void> {
      if (!(await findUsableResetToken(db, hashToken(token), clock.now()))) throw new GoneError(RESET_LINK_INVALID_MESSAGE);
    },

    /** The user opens the link and sets a new password: single use, 24 hours, ends every session. */
    async completeReset(input: { token: string; password: string }): Promise<void> {
      const tokenHash = hashToken(input.token);
      const usable = await findUsableResetToken(db, tokenHash, clock.now());
      if (!usable) throw new GoneError(RESET_LINK_INVALID_MESSAGE);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await consumeResetToken(tx, usable.id, now))) throw new GoneError(RESET_LINK_INVALID_MESSAGE);
        await repo.setPasswordHash(tx, usable.userId, passwordHash, now);
        await revokeUserSessions(tx, usable.userId, now);
        await recordAudit(tx, {
          actorId: usable.userId,
          action: 'user.password-reset.completed',
          entityType: 'user',
          entityId: usable.userId,
          before: null,
          after: { passwordChanged: true },
        });
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
