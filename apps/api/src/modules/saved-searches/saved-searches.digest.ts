import type { Logger } from 'pino';
import { PRICE_DROP_SHOWN_DAYS, SAVED_SEARCH_FREQUENCIES, savedSearchFiltersSchema, type SavedSearchFrequency } from '@dealer/shared';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../infra/clock';
import type { JobHandler } from '../../infra/jobs';
import type { TokenSigner } from '../../infra/tokens';
import { enqueueEmail } from '../../mail/outbox';
import type { SavedSearchDigestMail } from './saved-searches.messages';
import * as repo from './saved-searches.repository';
import { unsubscribeToken } from './saved-searches.unsubscribe';

const HOUR_MS = 3_600_000;
/** How long after the last digest of a frequency the next is due. */
export const DIGEST_PERIOD_MS: Record<SavedSearchFrequency, number> = { Instantly: 0, Daily: 24 * HOUR_MS, Weekly: 7 * 24 * HOUR_MS };
/** At most this many new cars per saved search in one digest (the rest come in the next). */
const MATCHES_PER_SEARCH = 20;

export interface DigestDeps {
  db: Database;
  clock: Clock;
  tokens: Pick<TokenSigner, 'mac'>;
  /** The vehicles domain: new public matches of a saved search's filters, and drops on listings. */
  listings: {
    matchesListedAfter(db: Executor, filters: ReturnType<typeof savedSearchFiltersSchema.parse>, after: Date, limit: number): Promise<{ id: string; title: string; price: number }[]>;
    priceDropsSince(db: Executor, vehicleIds: readonly string[], since: Date): Promise<{ changeId: string; vehicleId: string; title: string; oldPrice: number; newPrice: number }[]>;
  };
  /** The saved-vehicles domain: an account's saved cars. */
  savedVehicles: { idsOf(db: Executor, userId: string): Promise<string[]> };
}

const NEW_MATCH = 'new-match';
const priceDropReason = (changeId: string) => `price-drop:${changeId}`;

/**
 * Sends every digest that is due: for each frequency, one e-mail per account with the new public
 * matches of its saved searches of that frequency (listed after the search was saved) and the drops on
 * its saved cars in the last PRICE_DROP_SHOWN_DAYS. What an e-mail tells is recorded in its transaction,
 * one row per account, car and reason, so no car is told twice for the same reason whichever digest
 * (or server) comes first. Answers how many e-mails were queued.
 */
export async function sendDueDigests(deps: DigestDeps): Promise<number> {
  const { db, clock, tokens, listings, savedVehicles } = deps;
  const now = clock.now();
  let queued = 0;
  for (const frequency of SAVED_SEARCH_FREQUENCIES) {
    const due = await repo.listDue(db, frequency, now, DIGEST_PERIOD_MS[frequency]);
    const byUser = new Map<string, repo.DueSearch[]>();
    for (const search of due) byUser.set(search.userId, [...(byUser.get(search.userId) ?? []), search]);
    for (const [userId, searches] of byUser) {
      const sent = await db.transaction(async (tx) => {
        await repo.lockUserDigest(tx, userId);
        const matches = new Map<string, SavedSearchDigestMail['matches'][number]>();
        for (const search of searches) {
          const filters = savedSearchFiltersSchema.safeParse(search.filters);
          if (!filters.success) continue;
          for (const car of await listings.matchesListedAfter(tx, filters.data, search.createdAt, MATCHES_PER_SEARCH)) {
            if (!matches.has(car.id)) matches.set(car.id, { vehicleId: car.id, title: car.title, price: car.price, searchName: search.name });
          }
        }
        const since = new Date(now.getTime() - PRICE_DROP_SHOWN_DAYS * 24 * HOUR_MS);
        const drops = await listings.priceDropsSince(tx, await savedVehicles.idsOf(tx, userId), since);
        const claimed = await repo.claimNotices(
          tx,
          userId,
          [...[...matches.keys()].map((vehicleId) => ({ vehicleId, reason: NEW_MATCH })), ...drops.map((d) => ({ vehicleId: d.vehicleId, reason: priceDropReason(d.changeId) }))],
          now,
        );
        await repo.markDigested(
          tx,
          searches.map((s) => s.id),
          now,
        );
        const told = new Set(claimed.map((c) => `${c.vehicleId} ${c.reason}`));
        const data: SavedSearchDigestMail = {
          name: searches[0]!.userName,
          frequency,
          matches: [...matches.values()].filter((m) => told.has(`${m.vehicleId} ${NEW_MATCH}`)),
          drops: drops
            .filter((d) => told.has(`${d.vehicleId} ${priceDropReason(d.changeId)}`))
            .map((d) => ({ vehicleId: d.vehicleId, title: d.title, oldPrice: d.oldPrice, newPrice: d.newPrice })),
          unsubscribeToken: unsubscribeToken(tokens, userId, frequency),
        };
        if (data.matches.length === 0 && data.drops.length === 0) return false;
        const messageId = await enqueueEmail(tx, { kind: 'saved-search-digest', to: searches[0]!.email, data });
        await repo.setNoticeMessage(tx, userId, messageId, now);
        return true;
      });
      if (sent) queued += 1;
    }
  }
  return queued;
}

/** The saved-search-digests queue's job (the composition root schedules it every minute). */
export function savedSearchDigestsJob(deps: DigestDeps & { logger?: Logger }): JobHandler {
  return async () => {
    const queued = await sendDueDigests(deps);
    if (queued) deps.logger?.info({ queued }, 'saved search digests queued');
  };
}
