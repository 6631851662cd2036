import { sameText, type TokenSigner } from '../../infra/tokens';
import { isUuid } from '../../infra/uuid';

/** The one thing an unsubscribe token may do: turn one account's service reminders off. */
const PURPOSE = 'reminders-unsubscribe';

/**
 * The token of a reminder's unsubscribe link: the account and a keyed digest of it for this purpose
 * alone. It works without logging in, for as long as the secret stands, and can do nothing but turn
 * reminders off (turning them on again needs the account).
 */
export function reminderUnsubscribeToken(tokens: Pick<TokenSigner, 'mac'>, userId: string): string {
  return `${userId}.${tokens.mac(PURPOSE, userId)}`;
}

/** The account a token names, or null when it is not one this server made for this purpose. */
export function readReminderUnsubscribeToken(tokens: Pick<TokenSigner, 'mac'>, token: string): string | null {
  const [userId, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !mac || !isUuid(userId)) return null;
  return sameText(mac, tokens.mac(PURPOSE, userId)) ? userId : null;
}
