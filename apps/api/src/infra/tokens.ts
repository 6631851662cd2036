import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '@dealer/shared';
import { isUuid } from './uuid';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Clocks of several server processes may disagree a little about "now". */
const CLOCK_TOLERANCE_SECONDS = 30;

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  role: Role;
  /** The session (refresh-token family) the token belongs to: it stops working when that session ends. */
  sid: string;
}

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    /** A keyed digest of `data` for `purpose`, for values the server hands out and must recognise. */
    mac(purpose: string, data: string): string {
      return createHmac('sha256', key).update(`${purpose}\0${data}`).digest('base64url');
    },
    async sign(claims: AccessClaims, now: Date = new Date()): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /**
     * Returns the claims, or null for a bad, forged or expired token. A token must carry an expiry no
     * further than one access-token lifetime from its issue time (which is not in the future), a user
     * id and a session id, both UUIDs: a token without an expiry would otherwise be valid forever.
     */
    async verify(token: string, now: Date = new Date()): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
        });
        const { iat, exp } = payload;
        if (typeof iat !== 'number' || typeof exp !== 'number') return null;
        if (iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS || exp - iat > ACCESS_TOKEN_TTL_SECONDS) return null;
        if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
        if (typeof payload.role !== 'string' || !(Object.values(ROLES) as string[]).includes(payload.role)) return null;
        return { sub: payload.sub, role: payload.role as Role, sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
