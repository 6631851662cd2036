import type { Executor } from '../../db/client';
import { createBoundedCache } from '../../infra/bounded-cache';
import { changesOf, type ChangeBus } from '../../infra/change-bus';
import { findSessionUser } from './session.repository';

type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

/** How long a caller read from the database answers for its session's later requests. */
export const CALLER_KEPT_MS = 1000;
const MAX_CALLERS = 10_000;

/** Writes under these paths may end a session or change who an account is (its role, its status). */
const ACCOUNT_WRITES = /^\/api\/(?:auth|users)(?:\/|$)/;

export function changesAccounts(method: string | string[], url: string): boolean {
  const methods = Array.isArray(method) ? method : [method];
  return ACCOUNT_WRITES.test(url) && methods.some((m) => m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS');
}

/**
 * Who a signed-in request's token stands for, and whether its session is still live (decision 043): the
 * user row and the session's probe, one statement, kept for a second per session. A page's several
 * requests, and a client's bursts, then cost one statement, not one each (it was half of a booking refused
 * at the cap and of an admin's list page). Every write under /api/auth and /api/users (a sign-out, a
 * refresh, a password change or reset, a suspension, a role change, a profile edit) empties it on this
 * node before its answer leaves, and on the others through the change bus ('accounts'); while the bus is
 * away nothing is kept. A write made elsewhere (the create-admin command) shows within the second.
 * Tests write behind the service's back, so nothing is kept under NODE_ENV=test but where a test asks.
 */
export function createSessionCallers(deps: { db: Executor; changes: ChangeBus; keep: boolean }) {
  const callers = createBoundedCache<SessionUser | null>({
    ttlMs: deps.keep ? CALLER_KEPT_MS : 0,
    maxEntries: MAX_CALLERS,
    changes: changesOf(deps.changes, 'accounts'),
  });
  return {
    find: (userId: string, familyId: string, now: Date): Promise<SessionUser | null> =>
      callers.load(`${userId} ${familyId}`, async () => (await findSessionUser(deps.db, userId, familyId, now)) ?? null),
    /** After a write that may change an account or a session: every node forgets. */
    forget: () => deps.changes.publish('accounts'),
  };
}
