import type { Clock } from './clock';
import type { FileStorage } from './storage';
import { sameText, type TokenSigner } from './tokens';

/**
 * Photos that belong to one customer and the staff: a car's damage at check-in, an inspection's
 * findings, a car offered in part exchange. Listing photos and avatars are public and stay so.
 */
const PRIVATE_FOLDER = /^(check-ins|inspections|trade-ins)\//;

/** The one thing an upload signature may do: open this one file until its expiry. */
const PURPOSE = 'upload';

/** A link works for at least this long after it is handed out, and at most twice as long. */
const WINDOW_SECONDS = 3600;

export const isPrivateUploadKey = (key: string): boolean => PRIVATE_FOLDER.test(key);

const payload = (key: string, exp: number) => `${key}:${exp}`;

/**
 * The link to a private photo: `/uploads/<key>?exp=<unix seconds>&sig=<base64url>`. The expiry is
 * rounded up to the next whole hour after now + 1 h, so one photo keeps one URL for the hour and the
 * browser's cache (private, until that expiry) serves it on every page that shows it.
 */
export function signedUploadUrl(tokens: Pick<TokenSigner, 'mac'>, now: Date, key: string): string {
  const exp = Math.ceil((now.getTime() / 1000 + WINDOW_SECONDS) / WINDOW_SECONDS) * WINDOW_SECONDS;
  return `/uploads/${key}?exp=${exp}&sig=${tokens.mac(PURPOSE, payload(key, exp))}`;
}

/**
 * The seconds a link to `key` is still valid, or null when it is not this server's link to this very
 * key, or has expired.
 */
export function signedUploadSecondsLeft(
  tokens: Pick<TokenSigner, 'mac'>,
  now: Date,
  key: string,
  query: { exp?: unknown; sig?: unknown },
): number | null {
  const { exp, sig } = query;
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
  if (!sameText(sig, tokens.mac(PURPOSE, payload(key, Number(exp))))) return null;
  const left = Number(exp) - Math.floor(now.getTime() / 1000);
  return left > 0 ? left : null;
}

/**
 * The storage as the API hands out addresses: a private photo's is a signed link to this server's
 * /uploads route, even with a CDN in front of the bucket (S3_PUBLIC_URL), which cannot check a
 * signature. Applied once where the app is built, so every response that maps a key to a URL (check-in,
 * inspection, estimate and trade-in photos) signs it without knowing it does.
 */
export function withSignedPrivateUrls(storage: FileStorage, tokens: Pick<TokenSigner, 'mac'>, clock: Clock): FileStorage {
  return {
    ...storage,
    url: (key) => (isPrivateUploadKey(key) ? signedUploadUrl(tokens, clock.now(), key) : storage.url(key)),
  };
}
