import type { Role } from '@dealer/shared';
import { startSession } from '../modules/auth/sessions';
import type { TestContext } from './harness';
import { registrationFields, type TestUser } from './factories';
import { multipart, type FilePart } from './multipart';

/** Signing up and in through the API, and sessions for accounts made in the database. */

/** A bearer header for an existing account (a seeded one, say), backed by a real session. */
export async function bearerFor(ctx: TestContext, user: { id: string; role: Role }): Promise<{ authorization: string }> {
  const { accessToken } = await startSession(ctx.app.deps, ctx.database.db, user, { ip: null, userAgent: null });
  return { authorization: `Bearer ${accessToken}` };
}

/** The same account signed in afresh: a new session and access token (after a test has ended the old ones, say). */
export async function sessionFor(ctx: TestContext, user: TestUser): Promise<TestUser> {
  const auth = await bearerFor(ctx, user);
  return { ...user, token: auth.authorization.slice('Bearer '.length), auth };
}

export function refreshCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'refreshToken')?.value;
}

export async function register(ctx: TestContext, fields: Record<string, string> = registrationFields(), files: FilePart[] = []) {
  const form = multipart(fields, files);
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
}

export async function login(
  ctx: TestContext,
  emailOrUsername: string,
  password: string,
  extra: { remoteAddress?: string; cookies?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername, password },
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    ...(extra.cookies ? { cookies: extra.cookies } : {}),
  });
}
