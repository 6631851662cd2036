import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenSigner } from './tokens';

const SECRET = 'a-test-secret-a-test-secret-a-test-secret-0123';
const signer = createTokenSigner(SECRET);
const claims = { sub: '11111111-1111-4111-8111-111111111111', role: 'USER' as const, sid: '22222222-2222-4222-8222-222222222222' };
const now = new Date('2026-11-29T12:00:00Z');
const iat = Math.floor(now.getTime() / 1000);
const key = new TextEncoder().encode(SECRET);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token written by hand: any header, any payload, signed with `secret`. */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const text = `${b64(header)}.${b64(payload)}`;
  return `${text}.${createHmac('sha256', secret).update(text).digest('base64url')}`;
}
const goodPayload = { role: claims.role, sid: claims.sid, sub: claims.sub, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS };

describe('access tokens', () => {
  it('verifies what it signed, until it expires', async () => {
    const token = await signer.sign(claims, now);
    expect(await signer.verify(token, now)).toEqual(claims);
    expect(await signer.verify(token, new Date(now.getTime() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000))).toEqual(claims);
    expect(await signer.verify(token, new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000))).toBeNull();
  });

  it('verifies a token jose signed with the same key (the format is the standard one)', async () => {
    const token = await new SignJWT({ role: 'ADMIN', sid: claims.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuedAt(iat).setExpirationTime(iat + 60).sign(key);
    expect(await signer.verify(token, now)).toEqual({ ...claims, role: 'ADMIN' });
  });

  it('refuses a forged, altered or respelled token', async () => {
    const token = await signer.sign(claims, now);
    const [header, body, signature] = token.split('.') as [string, string, string];
    expect(await signer.verify(handMade({ alg: 'HS256' }, goodPayload, 'another-secret-another-secret-another-secret'), now)).toBeNull();
    expect(await signer.verify(`${header}.${b64({ ...goodPayload, role: 'ADMIN' })}.${signature}`, now)).toBeNull();
    expect(await signer.verify(`${header}.${body}.${signature}A`, now)).toBeNull();
    expect(await signer.verify(`${header}.${body}`, now)).toBeNull();
    expect(await signer.verify(`${header}.${body}.${signature}.x`, now)).toBeNull();
    expect(await signer.verify('not a token', now)).toBeNull();
  });

  it('refuses another algorithm, a critical header and a payload that is not an object', async () => {
    expect(await signer.verify(handMade({ alg: 'none' }, goodPayload), now)).toBeNull();
    expect(await signer.verify(handMade({ alg: 'HS512' }, goodPayload), now)).toBeNull();
    expect(await signer.verify(handMade({ alg: 'HS256', crit: ['exp'] }, goodPayload), now)).toBeNull();
    expect(await signer.verify(handMade({ alg: 'HS256' }, [goodPayload]), now)).toBeNull();
    expect(await signer.verify(handMade({ alg: 'HS256' }, 'text'), now)).toBeNull();
    expect(await signer.verify(handMade({ alg: 'HS256' }, goodPayload), now)).toEqual(claims);
  });

  it('refuses tokens without a bounded life, from the future, not yet valid, or with bad claims', async () => {
    const refused = [
      { ...goodPayload, exp: undefined },
      { ...goodPayload, iat: undefined },
      { ...goodPayload, exp: iat + ACCESS_TOKEN_TTL_SECONDS + 1 },
      { ...goodPayload, iat: iat + 3600, exp: iat + 3600 + 60 },
      { ...goodPayload, nbf: iat + 60 },
      { ...goodPayload, exp: String(goodPayload.exp) },
      { ...goodPayload, sub: 'someone' },
      { ...goodPayload, sid: undefined },
      { ...goodPayload, role: 'OWNER' },
    ];
    for (const payload of refused) expect(await signer.verify(handMade({ alg: 'HS256' }, payload), now)).toBeNull();
    expect(await signer.verify(handMade({ alg: 'HS256' }, { ...goodPayload, nbf: iat - 1 }), now)).toEqual(claims);
  });

  it('checks a kept token\'s times at every use, and keeps only a token that passed', async () => {
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    // Verified (and kept) once it is valid; an earlier moment finds it not yet valid, then from the future.
    const notBefore = handMade({ alg: 'HS256' }, { ...goodPayload, nbf: iat + 60 });
    expect(await signer.verify(notBefore, later(61))).toEqual(claims);
    expect(await signer.verify(notBefore, later(59))).toBeNull();
    const issuedLater = handMade({ alg: 'HS256' }, { ...goodPayload, iat: iat + 600, exp: iat + 660 });
    expect(await signer.verify(issuedLater, later(601))).toEqual(claims);
    expect(await signer.verify(issuedLater, now)).toBeNull();
    // A kept token's text with its signature altered is another text: verified afresh, and refused.
    const token = await signer.sign(claims, now);
    expect(await signer.verify(token, now)).toEqual(claims);
    expect(await signer.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, now)).toBeNull();
    // Past the bound the oldest kept tokens go, and are verified afresh when they come back.
    for (let i = 0; i < 5000; i += 1) await signer.verify(handMade({ alg: 'HS256' }, { ...goodPayload, exp: goodPayload.exp - i }), now);
    expect(await signer.verify(token, now)).toEqual(claims);
    expect(await signer.verify(token, later(ACCESS_TOKEN_TTL_SECONDS))).toBeNull();
  });
});
