import { count } from 'drizzle-orm';
import type { Executor } from './client';
import { users } from './schema';

/** No account yet: a first start, when the demo dealership may be added. */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}
