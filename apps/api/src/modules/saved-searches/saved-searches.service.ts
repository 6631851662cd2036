import {
  SAVED_SEARCH_FILTER_KEYS,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_MESSAGES,
  type savedSearchCreateSchema,
  type savedSearchUpdateSchema,
  type SavedSearch,
  type SavedSearchFilters,
} from '@dealer/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { ConflictError, NotFoundError, ValidationError } from '../../infra/errors';
import { isUuid } from '../../infra/uuid';
import type { AuthUser } from '../auth';
import * as repo from './saved-searches.repository';
import { readUnsubscribeToken } from './saved-searches.unsubscribe';

export type SavedSearchesDeps = Pick<AppDeps, 'db' | 'clock' | 'tokens'>;

/** The filters as the list's URL spells them (strings), in the schema's order, absent ones left out. */
function filtersForUrl(filters: unknown): Record<string, string> {
  const values = (filters ?? {}) as Partial<Record<keyof SavedSearchFilters, unknown>>;
  const out: Record<string, string> = {};
  for (const key of SAVED_SEARCH_FILTER_KEYS) {
    const value = values[key];
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  return out;
}

export function toSavedSearch(row: repo.SavedSearchRow): SavedSearch {
  return {
    _id: row.id,
    name: row.name,
    frequency: row.frequency,
    emailsEnabled: row.emailsEnabled,
    filters: filtersForUrl(row.filters),
    createdAt: row.createdAt.toISOString(),
    lastDigestAt: row.lastDigestAt?.toISOString() ?? null,
  };
}

/** Saved searches: a customer keeps a list's filters with a name and how often to hear of new matches. */
export function createSavedSearchesService(deps: SavedSearchesDeps) {
  const { db, clock, tokens } = deps;

  async function own(user: AuthUser, id: string): Promise<repo.SavedSearchRow> {
    const row = isUuid(id) ? await repo.findOfUser(db, user.id, id) : undefined;
    // Someone else's saved search is as unknown as a missing one.
    if (!row) throw new NotFoundError(SAVED_SEARCH_MESSAGES.notFound);
    return row;
  }

  return {
    async list(user: AuthUser): Promise<SavedSearch[]> {
      return (await repo.listOfUser(db, user.id)).map(toSavedSearch);
    },

    async create(user: AuthUser, input: z.output<typeof savedSearchCreateSchema>): Promise<SavedSearch> {
      // Only what the filter schema parsed is kept, without the blanks it left undefined.
      const filters = Object.fromEntries(Object.entries(input.filters).filter(([, v]) => v !== undefined));
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await repo.lockUserSearches(tx, user.id);
        if ((await repo.countOfUser(tx, user.id)) >= SAVED_SEARCH_LIMITS.perAccount) throw new ConflictError(SAVED_SEARCH_MESSAGES.tooMany);
        return repo.insertSearch(tx, { userId: user.id, name: input.name, frequency: input.frequency, filters, createdAt: now, updatedAt: now });
      });
      return toSavedSearch(row);
    },

    async update(user: AuthUser, id: string, input: z.output<typeof savedSearchUpdateSchema>): Promise<SavedSearch> {
      const before = await own(user, id);
      const changes: Partial<repo.NewSavedSearchRow> = { updatedAt: clock.now() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.frequency !== undefined) changes.frequency = input.frequency;
      if (input.emailsEnabled !== undefined) changes.emailsEnabled = input.emailsEnabled;
      // A search moved to another frequency starts that frequency's period now, not from its last digest.
      if (input.frequency !== undefined && input.frequency !== before.frequency) changes.lastDigestAt = clock.now();
      const row = await repo.updateSearch(db, user.id, before.id, changes);
      if (!row) throw new NotFoundError(SAVED_SEARCH_MESSAGES.notFound);
      return toSavedSearch(row);
    },

    async remove(user: AuthUser, id: string): Promise<SavedSearch> {
      const row = await own(user, id);
      if (!(await repo.deleteSearch(db, user.id, row.id))) throw new NotFoundError(SAVED_SEARCH_MESSAGES.notFound);
      return toSavedSearch(row);
    },

    /** An e-mail's one-click unsubscribe: turns off that account's e-mails of that frequency. */
    async unsubscribe(token: string): Promise<{ unsubscribed: number }> {
      const target = readUnsubscribeToken(tokens, token);
      if (!target) throw new ValidationError({ token: SAVED_SEARCH_MESSAGES.unsubscribeInvalid }, SAVED_SEARCH_MESSAGES.unsubscribeInvalid);
      return { unsubscribed: await repo.disableEmails(db, target.userId, target.frequency, clock.now()) };
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
