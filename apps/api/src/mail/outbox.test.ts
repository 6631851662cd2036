import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages } from '../db/schema';
import { QUEUES, sendJob } from '../infra/jobs';
import { createTestApp, type TestContext } from '../test/harness';
import { enqueueEmail, enqueueEmails } from './outbox';


let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function jobPolicy(id: string) {
  const result = (await ctx.database.db.execute(
    sql`select name, data, retry_limit, retry_delay, retry_backoff, extract(epoch from expire_in)::int as expire_seconds from pgboss.job where id = ${id}::uuid`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

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

describe('enqueueEmails', () => {
  const notices = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ kind: 'welcome' as const, to: `team${i}@example.com`, data: { name: `Team ${i}` } }));

  it("writes each message's row and its one delivery job, with the e-mail queue's retries, in the messages' order", async () => {
    const ids = await ctx.database.db.transaction((tx) => enqueueEmails(tx, notices(3)));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const [i, id] of ids.entries()) {
      const [row] = await ctx.database.db.select().from(emailMessages).where(sql`${emailMessages.id} = ${id}`);
      expect(row).toMatchObject({ toAddress: `team${i}@example.com`, status: 'queued', payload: { name: `Team ${i}` } });
      expect(await jobPolicy(id)).toEqual([
        { name: 'email-send', data: { messageId: id }, retry_limit: 10, retry_delay: 30, retry_backoff: true, expire_seconds: 300 },
      ]);
    }
  });

  it("gives each job the policy a job sent alone on the e-mail queue gets", async () => {
    const alone = await ctx.database.db.transaction((tx) => sendJob(tx, QUEUES.email.name, { messageId: 'alone' }, { id: randomUUID() }));
    const [batched] = await ctx.database.db.transaction((tx) => enqueueEmails(tx, notices(2)));
    const policy = (rows: Record<string, unknown>[]) => rows.map(({ data: _data, ...rest }) => rest);
    expect(policy(await jobPolicy(batched!))).toEqual(policy(await jobPolicy(alone!)));
  });

  it('writes nothing for no messages, and leaves no row or job of any when the transaction rolls back', async () => {
    expect(await ctx.database.db.transaction((tx) => enqueueEmails(tx, []))).toEqual([]);
    let ids: string[] = [];
    await expect(
      ctx.database.db.transaction(async (tx) => {
        ids = await enqueueEmails(tx, notices(2));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      expect(await ctx.database.db.select().from(emailMessages).where(sql`${emailMessages.id} = ${id}`)).toHaveLength(0);
      expect(await jobsFor(id)).toHaveLength(0);
    }
  });
});
