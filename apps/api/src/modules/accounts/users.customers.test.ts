import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { createAdmin, createUser, type TestUser } from '../../test/factories';

// The customer search staff use to book for an account: active accounts only, contact details only.

const ctx = useTestApp();
let admin: TestUser;
let advisor: TestUser;

beforeAll(async () => {
  admin = await createAdmin(ctx);
  advisor = await createUser(ctx, { role: 'SERVICE_ADVISOR' });
  await createUser(ctx, { name: 'Janet Searchable', email: 'janet.searchable@example.com', phone: '+1 555 0100 777' });
  await createUser(ctx, { name: 'Janet Gone', email: 'janet.gone@example.com', status: 'inactive' });
});

const search = (user: TestUser, query: string) => ctx.app.inject({ method: 'GET', url: `/api/users/customers?${query}`, headers: user.auth });

describe('GET api/users/customers', () => {
  it('finds active accounts by name or e-mail, with their contact details and nothing more', async () => {
    for (const user of [advisor, admin]) {
      const res = await search(user, 'search=janet');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ _id: expect.any(String), name: 'Janet Searchable', email: 'janet.searchable@example.com', phone: '+1 555 0100 777' }]);
    }
    expect((await search(advisor, 'search=SEARCHABLE%40example')).json().data).toHaveLength(1);
  });

  it('asks for two letters or more', async () => {
    const res = await search(advisor, 'search=j');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ search: 'Type at least 2 letters of the name or e-mail.' });
  });
});
