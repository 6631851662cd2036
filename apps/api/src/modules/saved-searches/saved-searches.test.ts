import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_MESSAGES, type SavedSearch } from '@dealer/shared';
import { savedSearches } from '../../db/schema';
import { createUser } from '../../test/factories';
import { useTestApp, useTestUsers } from '../../test/harness';

// Saved searches: kept with the filters the list's schema parsed, a name and a frequency; renamed,
// re-timed, turned off and deleted by their owner only.

const ctx = useTestApp();
const { alice, bob, admin } = useTestUsers(ctx, { alice: {}, bob: {}, admin: { role: 'ADMIN' } });

const url = '/api/account/saved-searches';
const create = (auth: { authorization: string } | undefined, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: auth, payload: payload as object });
const patch = (auth: { authorization: string } | undefined, id: string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `${url}/${id}`, headers: auth, payload: payload as object });
const remove = (auth: { authorization: string } | undefined, id: string) => ctx.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: auth });
const list = async (auth: { authorization: string }) => (await ctx.app.inject({ method: 'GET', url, headers: auth })).json().data as SavedSearch[];

describe('saved searches', () => {
  it('saves the parsed filters (never page, sort or unknown keys) and lists them', async () => {
    const res = await create(alice.auth, {
      name: '  Family Toyotas ',
      frequency: 'Daily',
      filters: { make: ' Toyota ', max_price: '30000', min_year: '2018', fuelType: '', page: '3', sort: 'price:asc', evil: 'x' },
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json().data as SavedSearch;
    expect(saved).toMatchObject({ name: 'Family Toyotas', frequency: 'Daily', emailsEnabled: true, lastDigestAt: null });
    expect(saved.filters).toEqual({ make: 'Toyota', max_price: '30000', min_year: '2018' });
    const [row] = await ctx.database.db.select().from(savedSearches).where(eq(savedSearches.id, saved._id));
    expect(row!.filters).toEqual({ make: 'Toyota', max_price: 30000, min_year: 2018 });
    expect(await list(alice.auth)).toEqual([saved]);
    expect(await list(bob.auth)).toEqual([]);
  });

  it('refuses bad input with each message, saving nothing', async () => {
    const before = await list(bob.auth);
    const cases: [unknown, string, string][] = [
      [{ name: '', frequency: 'Daily' }, 'name', SAVED_SEARCH_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(SAVED_SEARCH_LIMITS.nameMax + 1), frequency: 'Daily' }, 'name', SAVED_SEARCH_MESSAGES.nameTooLong],
      [{ frequency: 'Daily' }, 'name', SAVED_SEARCH_MESSAGES.nameRequired],
      [{ name: 'A', frequency: 'Hourly' }, 'frequency', SAVED_SEARCH_MESSAGES.frequency],
      [{ name: 'A', frequency: 'Daily', filters: { fuelType: 'Steam' } }, 'filters.fuelType', 'Unknown fuel type'],
      [{ name: 'A', frequency: 'Daily', filters: { min_price: '-5' } }, 'filters.min_price', 'Price must be 0 or more'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(bob.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await list(bob.auth)).toEqual(before);
  });

  it('renames, changes the frequency, turns e-mails off, and deletes', async () => {
    const saved = (await create(bob.auth, { name: 'SUVs', frequency: 'Weekly' })).json().data as SavedSearch;
    const renamed = await patch(bob.auth, saved._id, { name: 'Big SUVs' });
    expect(renamed.json().data).toMatchObject({ name: 'Big SUVs', frequency: 'Weekly' });
    const faster = await patch(bob.auth, saved._id, { frequency: 'Instantly', emailsEnabled: false });
    expect(faster.json().data).toMatchObject({ frequency: 'Instantly', emailsEnabled: false });
    const nothing = await patch(bob.auth, saved._id, {});
    expect(nothing.statusCode).toBe(422);
    expect(Object.values(nothing.json().errors)).toContain(SAVED_SEARCH_MESSAGES.nothingToChange);
    const badName = await patch(bob.auth, saved._id, { name: ' ' });
    expect(badName.json().errors.name).toBe(SAVED_SEARCH_MESSAGES.nameRequired);
    expect((await remove(bob.auth, saved._id)).json().data._id).toBe(saved._id);
    expect((await list(bob.auth)).map((s) => s._id)).not.toContain(saved._id);
    expect((await remove(bob.auth, saved._id)).statusCode).toBe(404);
  });

  it("refuses another account's saved search as not found, for users and admins alike", async () => {
    const [mine] = await list(alice.auth);
    for (const caller of [bob, admin]) {
      const renamed = await patch(caller.auth, mine!._id, { name: 'Stolen' });
      expect(renamed.statusCode).toBe(404);
      expect(renamed.json().message).toBe(SAVED_SEARCH_MESSAGES.notFound);
      expect((await remove(caller.auth, mine!._id)).statusCode).toBe(404);
    }
    expect((await patch(bob.auth, randomUUID(), { name: 'x' })).statusCode).toBe(404);
    expect((await patch(bob.auth, 'not-a-uuid', { name: 'x' })).statusCode).toBe(404);
    expect((await list(alice.auth))[0]).toEqual(mine);
  });

  it('asks for a log-in', async () => {
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await create(undefined, { name: 'A', frequency: 'Daily' })).statusCode).toBe(401);
    expect((await patch(undefined, randomUUID(), { name: 'A' })).statusCode).toBe(401);
    expect((await remove(undefined, randomUUID())).statusCode).toBe(401);
  });

  it('keeps at most the cap per account', async () => {
    const carol = await createUser(ctx);
    for (let i = 0; i < SAVED_SEARCH_LIMITS.perAccount; i += 1) expect((await create(carol.auth, { name: `S${i}`, frequency: 'Weekly' })).statusCode).toBe(201);
    const over = await create(carol.auth, { name: 'One more', frequency: 'Weekly' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(SAVED_SEARCH_MESSAGES.tooMany);
  });

  it('refuses an unsubscribe token this server did not make, changing nothing', async () => {
    for (const token of ['', 'abc', `${alice.id}.Daily.forged`, `${alice.id}.Hourly.x`]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.token).toBe(SAVED_SEARCH_MESSAGES.unsubscribeInvalid);
    }
    expect((await list(alice.auth))[0]!.emailsEnabled).toBe(true);
  });
});
