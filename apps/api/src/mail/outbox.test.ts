import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages } from '../db/schema';
import { createTestApp, type TestContext } from '../test/harness';
import { enqueueEmail } from './outbox';


let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function jobsFor(id: string) {
  const result = (await ctx.database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`)) as unknown as {
    rows: { state: string }[];
  };
  return result.rows;
}

describe('enqueueEmail', () => {
  it('writes the log row and its delivery job when the transaction commits', async () => {
    const id = await ctx.database.db.transaction((tx) =>
      enqueueEmail(tx, { kind: 'welcome', to: 'committed@example.com', data: { name: 'Ann' } }),
    );
    const rows = await ctx.database.db.select().from(emailMessages).where(sql`${emailMessages.id} = ${id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'welcome', status: 'queued', subject: 'Welcome to Apex Motors' });
    expect(await jobsFor(id)).toEqual([{ state: 'created' }]);
  });

  it('leaves neither row nor job when the transaction rolls back', async () => {
    let id = '';
    await expect(
      ctx.database.db.transaction(async (tx) => {
        id = await enqueueEmail(tx, { kind: 'welcome', to: 'rolled-back@example.com', data: { name: 'Bo' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(id).not.toBe('');
    expect(await ctx.database.db.select().from(emailMessages).where(sql`${emailMessages.id} = ${id}`)).toHaveLength(0);
    expect(await jobsFor(id)).toHaveLength(0);
  });
});
