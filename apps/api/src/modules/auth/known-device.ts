import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sameText, type TokenSigner } from '../../infra/tokens';

/**
 * A browser that has signed in to an account before carries a proof of it: `nonce.mac`, the mac
 * binding the nonce to the account's id. Sent only to the login route; a stranger cannot make one
 * for someone else's account, so the owner's known devices skip the per-account slow-down.
 */
export const DEVICE_COOKIE = 'loginDevice';
const DEVICE_COOKIE_PATH = '/api/auth/login';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const PURPOSE = 'login-device';

/** The device's id when the cookie proves an earlier sign-in to this account, else null. */
export function knownDeviceId(tokens: TokenSigner, cookie: string | undefined, userId: string): string | null {
  if (!cookie) return null;
  const [nonce, mac, extra] = cookie.split('.');
  if (!nonce || !mac || extra !== undefined || nonce.length > 64) return null;
  return sameText(mac, tokens.mac(PURPOSE, `${userId}.${nonce}`)) ? nonce : null;
}

export function readDeviceCookie(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE] || undefined;
}

/** Marks this browser as one the account signed in from (kept when it already was). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, tokens: TokenSigner, userId: string): void {
  const nonce = knownDeviceId(tokens, readDeviceCookie(request), userId) ?? randomToken(18);
  reply.setCookie(DEVICE_COOKIE, `${nonce}.${tokens.mac(PURPOSE, `${userId}.${nonce}`)}`, {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
