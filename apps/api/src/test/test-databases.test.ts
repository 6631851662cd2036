import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, TEST_DB_KIND } from './harness';
import { createUser } from './factories';

// The first test starts the file's database inside the test, not in a hook: the hook's time limit.
describe(`test databases are reused, empty (${TEST_DB_KIND})`, { timeout: 120_000 }, () => {
  it('hands the database of a closed test app to the next one, with every table emptied', async () => {
    const first = await createTestApp();
    await createUser(first, { username: 'leftover' });
    const database = first.database;
    await first.close();

    const second = await createTestApp();
    try {
      expect(second.database).toBe(database);
      expect(await second.database.db.$count(users)).toBe(0);
      // Migrations stay applied: the user table takes a new row.
      await createUser(second, { username: 'leftover' });
      expect(await second.database.db.$count(users)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('does not reuse a database whose schema a test changed', async () => {
    const first = await createTestApp();
    const database = first.database;
    await first.database.db.execute(sql`ALTER TABLE users ADD COLUMN left_by_a_test integer`);
    await first.close();

    const second = await createTestApp();
    try {
      expect(second.database).not.toBe(database);
      const columns = (await second.database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'users' and column_name = 'left_by_a_test'`,
      )) as unknown as { rows: unknown[] };
      expect(columns.rows).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
