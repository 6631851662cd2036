import { sameText, type TokenSigner } from '../../infra/tokens';
import { isUuid } from '../../infra/uuid';

/** The one thing a decision token may do: open and decide one version of one estimate, until it expires. */
const PURPOSE = 'estimate-decision';

export interface EstimateLinkClaims {
  estimateId: string;
  version: number;
  expiresAt: Date;
}

const payload = (c: { estimateId: string; version: number; expiresAt: Date }) => `${c.estimateId}:${c.version}:${Math.floor(c.expiresAt.getTime() / 1000)}`;

/**
 * The e-mailed link's token: the estimate, the version it was sent as, the expiry (seconds) and a keyed
 * digest of the three for this purpose alone (decision 026). Nothing is stored: a later send raises the
 * version, which is what retires an older link.
 */
export function estimateLinkToken(tokens: Pick<TokenSigner, 'mac'>, claims: EstimateLinkClaims): string {
  const expires = Math.floor(claims.expiresAt.getTime() / 1000);
  return `${claims.estimateId}.${claims.version}.${expires}.${tokens.mac(PURPOSE, payload(claims))}`;
}

/** What a token names, or null when this server did not make it (expiry is the caller's to judge). */
export function readEstimateLinkToken(tokens: Pick<TokenSigner, 'mac'>, token: string): EstimateLinkClaims | null {
  const [estimateId, version, expires, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !estimateId || !version || !expires || !mac || !isUuid(estimateId)) return null;
  if (!/^\d{1,9}$/.test(version) || !/^\d{1,12}$/.test(expires)) return null;
  const claims = { estimateId, version: Number(version), expiresAt: new Date(Number(expires) * 1000) };
  if (!sameText(mac, tokens.mac(PURPOSE, payload(claims)))) return null;
  return claims;
}
