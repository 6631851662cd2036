import { randomBytes } from 'node:crypto';
import { users } from '../db/schema';
import type { Database } from '../db/client';
import { hashPassword } from '../infra/passwords';
import { passwordHashOf, userRow } from '../test/factories';
import { DEMO_ACCOUNTS } from './demo-accounts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days before the seed each demo account was opened: the dealership first, then its customers. */
const ACCOUNT_AGE_DAYS = { admin: 364, jane: 300, sam: 240, riley: 330, dana: 320, jordan: 310 } as const;

/**
 * Customers who signed up over the year (their password is random: nobody signs in as them). They
 * fill the Users page and give the dashboard's sign-up growth a real trend.
 */
export const DEMO_CUSTOMERS = [
  {
    username: 'mgonzalez',
    name: 'Maria Gonzalez',
    email: 'maria.gonzalez@example.com',
    phone: '+1 (555) 010-0121',
    ageDays: 205,
  },
  { username: 'dkim', name: 'Daniel Kim', email: 'daniel.kim@example.com', phone: '+1 (555) 010-0122', ageDays: 162 },
  { username: 'obrien', name: "Olivia O'Brien", email: 'olivia.obrien@example.com', phone: '+1 (555) 010-0123', ageDays: 118 },
  { username: 'twashington', name: 'Tyrone Washington', email: 'tyrone.w@example.com', phone: '+1 (555) 010-0124', ageDays: 91 },
  { username: 'pnguyen', name: 'Priya Nguyen', email: 'priya.nguyen@example.com', phone: '+1 (555) 010-0125', ageDays: 57 },
  { username: 'lrossi', name: 'Luca Rossi', email: 'luca.rossi@example.com', phone: '+1 (555) 010-0126', ageDays: 44 },
  { username: 'hmiller', name: 'Hannah Miller', email: 'hannah.miller@example.com', phone: '+1 (555) 010-0127', ageDays: 35 },
  { username: 'jfoster', name: 'James Foster', email: 'james.foster@example.com', phone: '+1 (555) 010-0128', ageDays: 24 },
  { username: 'aokafor', name: 'Ada Okafor', email: 'ada.okafor@example.com', phone: '+1 (555) 010-0129', ageDays: 13 },
  { username: 'egarcia', name: 'Ethan Garcia', email: 'ethan.garcia@example.com', phone: '+1 (555) 010-0130', ageDays: 8 },
  { username: 'swhite', name: 'Sofia White', email: 'sofia.white@example.com', phone: '+1 (555) 010-0131', ageDays: 2 },
] as const;

export interface DemoUsers {
  admin: string;
  jane: string;
  sam: string;
  /** The staff: a service advisor, a technician (Dana Lee) and a salesperson. */
  advisor: string;
  technician: string;
  sales: string;
  /** Ids of DEMO_CUSTOMERS, in order. */
  customers: string[];
}

/** Inserts the demo accounts, opened over the year before `now`; returns their ids. */
export async function seedDemoUsers(db: Database, now: Date = new Date()): Promise<DemoUsers> {
  const opened = (days: number, hour: number) => new Date(now.getTime() - days * DAY_MS - hour * 3_600_000);
  const rows = await db
    .insert(users)
    .values([
      ...(await Promise.all(
        DEMO_ACCOUNTS.map(async ({ password, ...account }, i) =>
          userRow({
            ...account,
            passwordHash: await passwordHashOf(password),
            createdAt: opened(ACCOUNT_AGE_DAYS[account.username], 3 + i),
            updatedAt: opened(ACCOUNT_AGE_DAYS[account.username], 3 + i),
          }),
        ),
      )),
      ...(await customerRows(opened)),
    ])
    .returning({ id: users.id, username: users.username });
  const id = (username: string) => rows.find((r) => r.username === username)!.id;
  return {
    admin: id('admin'),
    jane: id('jane'),
    sam: id('sam'),
    advisor: id('riley'),
    technician: id('dana'),
    sales: id('jordan'),
    customers: DEMO_CUSTOMERS.map((c) => id(c.username)),
  };
}

async function customerRows(opened: (days: number, hour: number) => Date) {
  // One hash for all: a random password nobody knows, so these accounts cannot be signed into.
  const passwordHash = await hashPassword(randomBytes(18).toString('base64url'));
  return DEMO_CUSTOMERS.map(({ ageDays, ...c }, i) =>
    userRow({
      ...c,
      address: null,
      passwordHash,
      createdAt: opened(ageDays, 5 + (i % 7)),
      updatedAt: opened(ageDays, 5 + (i % 7)),
    }),
  );
}
