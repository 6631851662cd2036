import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestApp } from '../test/harness';
import { closureDays } from './schema';

const ctx = useTestApp();

// Only statements whose plan never depends on their values are named (decision 030): on PostgreSQL each is
// planned once per connection, never again for its values.
describe.skipIf(TEST_DB_KIND !== 'postgres')('named statements on PostgreSQL', () => {
  it('are planned generically: the pool sets plan_cache_mode on every connection', async () => {
    const rows = (await ctx.database.db.execute(sql`SHOW plan_cache_mode`)) as unknown as { rows: { plan_cache_mode: string }[] };
    expect(rows.rows[0]?.plan_cache_mode).toBe('force_generic_plan');
  });

  it('reuse one plan from the first call on (left to choose, PostgreSQL plans the first five for their values)', async () => {
    const plans = await ctx.database.db.transaction(async (tx) => {
      // One connection: a transaction's. The name is the test's own, so earlier calls on this connection do not count.
      const probe = tx
        .select({ date: closureDays.date })
        .from(closureDays)
        .where(eq(closureDays.date, sql.placeholder('date')))
        .prepare(`plan_cache_probe_${Date.now()}`);
      for (const date of ['2026-12-01', '2026-12-02', '2026-12-03']) await probe.execute({ date });
      const result = (await tx.execute(
        sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'plan_cache_probe_%'`,
      )) as unknown as { rows: { generic_plans: string; custom_plans: string }[] };
      return result.rows.map((r) => ({ generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
    });
    expect(plans).toContainEqual({ generic: 3, custom: 0 });
    expect(plans.every((p) => p.custom === 0)).toBe(true);
  });
});
