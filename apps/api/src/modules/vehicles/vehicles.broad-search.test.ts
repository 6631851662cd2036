import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { createVehicles } from '../../test/factories';
import { FEW_MATCHES } from './vehicles.repository';

// A search is ranked while its matches are few enough to rank; past that it is listed newest first (decision 042).
const t0 = Date.parse('2025-01-01T00:00:00Z');
const broad = FEW_MATCHES + 1;

const ctx = useTestApp();
beforeAll(async () => {
  await createVehicles(ctx, [
    // The oldest listing of each make is titled with the bare word: ranked, it comes first.
    { title: 'Toyota', make: 'Toyota', model: 'Corolla', createdAt: new Date(t0) },
    { title: 'Lada', make: 'Lada', model: 'Niva', createdAt: new Date(t0) },
    ...Array.from({ length: broad - 1 }, (_, i) => ({
      title: `Corolla estate ${i}`,
      make: 'Toyota',
      model: 'Corolla',
      description: 'One owner.',
      createdAt: new Date(t0 + (i + 1) * 60_000),
    })),
    ...Array.from({ length: 20 }, (_, i) => ({
      title: `Niva 4x4 ${i}`,
      make: 'Lada',
      model: 'Niva',
      description: 'One owner.',
      createdAt: new Date(t0 + (i + 1) * 60_000),
    })),
  ]);
});

async function page(query: string): Promise<{ titles: string[]; itemCount: number }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles?${query}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { title: string }[]; meta: { itemCount: number } };
  return { titles: body.data.map((v) => v.title), itemCount: body.meta.itemCount };
}

describe('a search without a sort', () => {
  it('is ranked while its matches are few enough: the exact title first', async () => {
    const lada = await page('search=lada');
    expect(lada.itemCount).toBe(21);
    expect(lada.titles[0]).toBe('Lada');
  });

  it('is listed newest first, every match counted, once it matches more than ranking can afford', async () => {
    const toyota = await page('search=toyota');
    expect(toyota.itemCount).toBe(broad);
    expect(toyota.titles).not.toContain('Toyota');
    expect(toyota.titles).toEqual((await page('search=toyota&sort=createdAt:desc')).titles);
    expect(toyota.titles[0]).toBe(`Corolla estate ${broad - 2}`);
    // Its last page ends with the oldest match, the exact title that ranking would have put first.
    const last = await page(`search=toyota&page=${Math.ceil(broad / 12)}`);
    expect(last.titles.at(-1)).toBe('Toyota');
  });

  it('keeps the sort a visitor chose', async () => {
    expect((await page('search=lada&sort=createdAt:asc')).titles.slice(0, 2).sort()).toEqual(['Lada', 'Niva 4x4 0'].sort());
  });
});

// The same bound decides how any indexed filter is read: its few matches sorted in memory, its many walked.
describe('a filter with many matches or few', () => {
  const estate = (i: number) => `Corolla estate ${i}`;
  it('walks newest first through many matches, page after page', async () => {
    const first = await page('make=Toyota');
    expect(first.itemCount).toBe(broad);
    expect(first.titles).toEqual(Array.from({ length: 12 }, (_, k) => estate(broad - 2 - k)));
    expect((await page('make=Toyota&page=3')).titles).toEqual(Array.from({ length: 12 }, (_, k) => estate(broad - 26 - k)));
    expect((await page('make=Toyota&sort=createdAt:asc')).titles.slice(0, 2)).toEqual(['Toyota', estate(0)]);
  });

  it('sorts few matches in memory, in the same order', async () => {
    const few = await page('make=Lada&limit=5&page=2');
    expect(few.itemCount).toBe(21);
    expect(few.titles).toEqual([14, 13, 12, 11, 10].map((i) => `Niva 4x4 ${i}`));
  });
});
