import { users } from '../db/schema';
import type { Database } from '../db/client';
import { hashPassword } from '../lib/passwords';

export const DEMO_ACCOUNTS = [
  { role: 'ADMIN', username: 'admin', email: 'admin@apexmotors.test', password: 'Admin123!', name: 'Alex Morgan', phone: '+1 (555) 010-0100', address: '100 Dealer Way, Springfield, IL' },
  { role: 'USER', username: 'jane', email: 'jane@example.com', password: 'Customer123!', name: 'Jane Cooper', phone: '+1 (555) 010-0101', address: '12 Oak Street, Springfield, IL' },
  { role: 'USER', username: 'sam', email: 'sam@example.com', password: 'Customer123!', name: 'Sam Patel', phone: '+1 (555) 010-0102', address: '48 Elm Avenue, Springfield, IL' },
] as const;

export type DemoUsers = Record<(typeof DEMO_ACCOUNTS)[number]['username'], string>;

/** Inserts the demo accounts; returns their ids by username. */
export async function seedDemoUsers(db: Database): Promise<DemoUsers> {
  const ids = {} as DemoUsers;
  for (const account of DEMO_ACCOUNTS) {
    const [row] = await db
      .insert(users)
      .values({
        username: account.username,
        email: account.email,
        name: account.name,
        phone: account.phone,
        address: account.address,
        role: account.role,
        passwordHash: await hashPassword(account.password),
      })
      .returning({ id: users.id });
    ids[account.username] = row!.id;
  }
  return ids;
}
