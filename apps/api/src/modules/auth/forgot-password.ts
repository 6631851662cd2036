import type { AppDeps } from '../../deps';
import { RetryLaterError } from '../../infra/errors';
import { QUEUES, sendJob } from '../../infra/jobs';
import { hashToken } from '../../infra/tokens';
import { enqueueEmail } from '../../mail/outbox';
import { attemptThrottle } from './login-rate-limiter';
import { addressKey } from './login-throttle';
import { issueResetToken } from './account-access';
import { findUserByLogin } from './user-record.repository';

/** A link a customer asks for works for an hour (an admin's link, given by hand, for a day). */
export const SELF_SERVICE_RESET_TTL_MS = 60 * 60 * 1000;
/** Per client address and e-mail address: a few tries in case an e-mail is slow or lost. */
export const RESETS_PER_ADDRESS = 3;
/** Per client address: enough for a family or an office behind one address. */
export const RESETS_PER_IP = 10;
/**
 * The e-mail address alone is only slowed down, past twice the per-client limit an hour: then one request
 * per interval, 1 s doubling up to this. One stranger (held to RESETS_PER_ADDRESS) never slows its owner;
 * strangers on many client addresses get at most about 20 links an hour into the mailbox, and make its
 * owner wait at most this long.
 */
export const RESETS_PER_ADDRESS_BEFORE_PACING = 2 * RESETS_PER_ADDRESS;
export const RESET_PACE_MAX_SECONDS = 5 * 60;
const WINDOW_SECONDS = 60 * 60;
export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';

/**
 * 'Forgot password?': the request only counts the attempt and queues it, the same work whether or not
 * the address has an account, so neither the answer nor its timing tells which addresses do. The queued
 * job (`sendResetLink`) looks the address up and e-mails the link.
 */
export function createForgotPasswordService(deps: Pick<AppDeps, 'db' | 'clock' | 'redis'>) {
  const { db } = deps;
  const throttle = attemptThrottle(deps, { windowSeconds: WINDOW_SECONDS, maxPaceSeconds: RESET_PACE_MAX_SECONDS }, 'dealer-forgot:');
  return {
    async request(email: string, ip: string | null): Promise<void> {
      const address = email.trim().toLowerCase();
      const addressDigest = hashToken(address);
      const client = ip ? addressKey(ip) : 'unknown';
      // Hard limits fall on what the requester controls; the address alone is only paced, so a
      // stranger's requests leave its owner's own request free.
      const wait = await throttle.admit({
        limits: [
          { key: `forgot:ip-email:${client}|${addressDigest}`, limit: RESETS_PER_ADDRESS },
          { key: `forgot:ip:${client}`, limit: RESETS_PER_IP },
        ],
        paced: { key: `forgot:email:${addressDigest}`, threshold: RESETS_PER_ADDRESS_BEFORE_PACING },
      });
      if (wait > 0) throw new RetryLaterError(429, TOO_MANY_RESETS, wait);
      await sendJob(db, QUEUES.resetRequests.name, { email: address });
    },
  };
}

/**
 * The queued half of a request: a link for the account with this e-mail address, if there is an active
 * one; nothing otherwise. Answers whether a link was sent.
 */
export async function sendResetLink(deps: Pick<AppDeps, 'db' | 'clock'>, email: string): Promise<boolean> {
  const { db, clock } = deps;
  const user = await findUserByLogin(db, email);
  // The login lookup also matches usernames: only the e-mail address counts here.
  if (!user || user.email.toLowerCase() !== email || user.status !== 'active') return false;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SELF_SERVICE_RESET_TTL_MS);
  await db.transaction(async (tx) => {
    const token = await issueResetToken(tx, { userId: user.id, createdBy: user.id, expiresAt, now });
    await enqueueEmail(tx, {
      kind: 'password-reset',
      to: user.email,
      data: { name: user.name, token, expiresAt: expiresAt.toISOString() },
    });
  });
  return true;
}

/** The job handler of the reset-request queue. */
export const resetRequestJob = (deps: Pick<AppDeps, 'db' | 'clock'>) => async (data: Record<string, unknown>) => {
  if (typeof data.email === 'string') await sendResetLink(deps, data.email);
};
