import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { written } from './prepared';

const ctx = useTestApp();

// A statement planned for its values has them written into its text (decision 042): they must arrive as they were.
describe('a statement with its values written in', () => {
  const echo = () =>
    written<{ text: string; n: string; negative: string; absent: string | null }>(ctx.database.db, 'written echo', () =>
      ctx.database.db
        .select({
          text: sql<string>`${sql.placeholder('text')}::text`.as('text'),
          n: sql<string>`(${sql.placeholder('n')})::text`.as('n'),
          negative: sql<string>`(1 - ${sql.placeholder('negative')})::text`.as('negative'),
          absent: sql<string | null>`${sql.placeholder('absent')}::text`.as('absent'),
        })
        .from(sql`(select 1) as one`),
    );

  it.each(["O'Brien", "'; DROP TABLE vehicles; --", "back\\slash \\' quote", '$1 $2 dollars', 'Škoda “quotes” 🚗', ''])(
    'sends %j as it is',
    async (text) => {
      const [row] = await echo().execute({ text, n: 12.5, negative: -3, absent: null });
      expect(row).toEqual({ text, n: '12.5', negative: '4', absent: null });
    },
  );

  it('refuses a NUL, which would end the statement early', async () => {
    await expect(echo().execute({ text: "a\0' or true --", n: 1, negative: 0, absent: null })).rejects.toThrow(/NUL/);
  });

  it('refuses a number it cannot write', async () => {
    await expect(echo().execute({ text: 'x', n: Number.POSITIVE_INFINITY, negative: 0, absent: null })).rejects.toThrow(
      /Not a number/,
    );
    await expect(echo().execute({ text: 'x', n: Number.NaN, negative: 0, absent: null })).rejects.toThrow(/Not a number/);
  });
});
