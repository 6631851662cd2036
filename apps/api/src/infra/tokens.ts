import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
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

/** Tokens verified and kept, per signer: enough for every caller active within a token's life on one node. */
const MAX_KEPT_TOKENS = 4096;

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  // A signed-in caller sends the same token for its whole life: its signature and claims are checked once and
  // kept (by its exact text, so only the token the server wrote is found); its times are checked on every use.
  // Only a token that passed is kept, so forged ones cannot fill it; past the bound the oldest go first.
  const kept = new Map<string, VerifiedToken>();
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
      let verified = kept.get(token);
      if (!verified) {
        verified = verifySignedToken(key, token) ?? undefined;
        if (!verified) return null;
        if (kept.size >= MAX_KEPT_TOKENS) kept.delete(kept.keys().next().value!);
        kept.set(token, verified);
      }
      if (withinLife(verified, now)) return verified.claims;
      if (verified.exp <= now.getTime() / 1000) kept.delete(token);
      return null;
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const decodePart = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** A token whose signature and claims passed, with the times each use checks against its own moment. */
interface VerifiedToken {
  claims: Readonly<AccessClaims>;
  iat: number;
  exp: number;
  nbf: number | undefined;
}

/**
 * HS256 verified with node:crypto's HMAC: every signed-in request verifies a token, and jose's WebCrypto
 * path imported the key again on each (8% of an admin list request's CPU in the profile). The checks are
 * jose's for these tokens: the signature over the exact text (compared in constant time, so only the one
 * spelling the server wrote passes), `alg` HS256 and no `crit`, and the claims' types; the times are
 * `withinLife`'s.
 */
function verifySignedToken(key: Uint8Array, token: string): VerifiedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  if (!sameText(signature, createHmac('sha256', key).update(`${header}.${body}`).digest('base64url'))) return null;
  let protectedHeader: unknown;
  let payload: unknown;
  try {
    protectedHeader = decodePart(header);
    payload = decodePart(body);
  } catch {
    return null;
  }
  if (!isRecord(protectedHeader) || protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader || !isRecord(payload)) return null;
  const { iat, exp, nbf, sub, sid, role } = payload;
  if (typeof iat !== 'number' || typeof exp !== 'number' || (nbf !== undefined && typeof nbf !== 'number')) return null;
  // An expiry no further than one access-token lifetime from its issue time: a token without a bounded life
  // would otherwise be valid forever.
  if (exp - iat > ACCESS_TOKEN_TTL_SECONDS) return null;
  if (typeof sub !== 'string' || typeof sid !== 'string' || !isUuid(sub) || !isUuid(sid)) return null;
  if (typeof role !== 'string' || !(Object.values(ROLES) as string[]).includes(role)) return null;
  return { claims: Object.freeze({ sub, role: role as Role, sid }), iat, exp, nbf };
}

/** `exp` in the future, `nbf` (if present) reached, and an issue time that is not in the future. */
function withinLife({ iat, exp, nbf }: VerifiedToken, now: Date): boolean {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (exp <= nowSeconds) return false;
  if (nbf !== undefined && nbf > nowSeconds) return false;
  return iat <= now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS;
}

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
