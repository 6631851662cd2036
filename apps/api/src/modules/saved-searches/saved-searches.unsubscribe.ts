import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@dealer/shared';
import { sameText, type TokenSigner } from '../../infra/tokens';
import { isUuid } from '../../infra/uuid';

/** The one thing an unsubscribe token may do: stop one account's e-mails of one frequency. */
const PURPOSE = 'saved-search-unsubscribe';

/**
 * The token of a digest's unsubscribe link: the account, the frequency and a keyed digest of both for
 * this purpose alone. It works without logging in, for as long as the secret stands, and can do
 * nothing but turn those e-mails off (turning them on again needs the account).
 */
export function unsubscribeToken(tokens: Pick<TokenSigner, 'mac'>, userId: string, frequency: SavedSearchFrequency): string {
  return `${userId}.${frequency}.${tokens.mac(PURPOSE, `${userId}:${frequency}`)}`;
}

/** The account and frequency a token names, or null when it is not one this server made. */
export function readUnsubscribeToken(tokens: Pick<TokenSigner, 'mac'>, token: string): { userId: string; frequency: SavedSearchFrequency } | null {
  const [userId, frequency, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !frequency || !mac || !isUuid(userId)) return null;
  if (!(SAVED_SEARCH_FREQUENCIES as readonly string[]).includes(frequency)) return null;
  if (!sameText(mac, tokens.mac(PURPOSE, `${userId}:${frequency}`))) return null;
  return { userId, frequency: frequency as SavedSearchFrequency };
}
