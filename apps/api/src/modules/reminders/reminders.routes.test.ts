import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_SERVICES, type ServiceInterval } from '@dealer/shared';
import { auditEntries } from '../../db/schema';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/harness';

// The admin's service intervals and the customer's reminder switch: bad input is a clear 422 and
// changes nothing.

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAdmin(ctx);
  customer = await createUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const put = (payload: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/admin/workshop/service-intervals', headers: admin.auth, payload: payload as object });
const get = async () => (await ctx.app.inject({ method: 'GET', url: '/api/admin/workshop/service-intervals', headers: admin.auth })).json().data as ServiceInterval[];

describe('service intervals', () => {
  it('lists every catalogue service, none with an interval at first', async () => {
    const list = await get();
    expect(list).toHaveLength(CATALOGUE_SERVICES.length);
    expect(list[0]).toEqual({ maintenanceType: 'routine', specificService: 'Oil Change', months: null, miles: null });
  });

  it('replaces the intervals and audits the change', async () => {
    const res = await put({ intervals: [{ specificService: 'Oil Change', months: 6, miles: 5000 }, { specificService: 'Battery Service', months: 24, miles: null }] });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as ServiceInterval[];
    expect(list.find((s) => s.specificService === 'Oil Change')).toMatchObject({ months: 6, miles: 5000 });
    expect(list.find((s) => s.specificService === 'Battery Service')).toMatchObject({ months: 24, miles: null });
    // Sent again without Battery Service, and with both empty for Oil Change: neither keeps one.
    await put({ intervals: [{ specificService: 'Oil Change', months: null, miles: null }, { specificService: 'Tire Rotation', months: null, miles: 6000 }] });
    const after = await get();
    expect(after.filter((s) => s.months !== null || s.miles !== null)).toEqual([{ maintenanceType: 'routine', specificService: 'Tire Rotation', months: null, miles: 6000 }]);
    const audit = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'workshop.service-intervals'));
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.actorId === admin.id)).toBe(true);
  });

  it('refuses bad input with the field and its message, and changes nothing', async () => {
    const before = await get();
    const cases: [unknown, string, string][] = [
      [{ intervals: [{ specificService: 'Teleport', months: 6, miles: null }] }, 'intervals.0.specificService', 'Unknown service'],
      [{ intervals: [{ specificService: 'Oil Change', months: 0, miles: null }] }, 'intervals.0.months', 'Enter whole months from 1 to 120, or leave it empty'],
      [{ intervals: [{ specificService: 'Oil Change', months: 6.5, miles: null }] }, 'intervals.0.months', 'Enter whole months from 1 to 120, or leave it empty'],
      [{ intervals: [{ specificService: 'Oil Change', months: null, miles: -5 }] }, 'intervals.0.miles', 'Enter whole miles from 1 to 200,000, or leave it empty'],
      [{ intervals: [{ specificService: 'Oil Change', months: null, miles: '5000' }] }, 'intervals.0.miles', 'Enter whole miles from 1 to 200,000, or leave it empty'],
      [{ intervals: [{ specificService: 'Oil Change', months: 6, miles: null }, { specificService: 'Oil Change', months: 3, miles: null }] }, 'intervals', 'Each service may appear once'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await get()).toEqual(before);
  });
});

describe("the customer's reminder switch", () => {
  it('is on until turned off, and takes only true or false', async () => {
    const url = '/api/account/reminders';
    expect((await ctx.app.inject({ method: 'GET', url, headers: customer.auth })).json().data).toEqual({ remindersEnabled: true });
    const bad = await ctx.app.inject({ method: 'PUT', url, headers: customer.auth, payload: { remindersEnabled: 'no' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.remindersEnabled).toBe('remindersEnabled must be true or false');
    expect((await ctx.app.inject({ method: 'PUT', url, headers: customer.auth, payload: { remindersEnabled: false } })).json().data).toEqual({ remindersEnabled: false });
    expect((await ctx.app.inject({ method: 'GET', url, headers: customer.auth })).json().data).toEqual({ remindersEnabled: false });
    expect((await ctx.app.inject({ method: 'PUT', url, headers: customer.auth, payload: { remindersEnabled: true } })).json().data).toEqual({ remindersEnabled: true });
  });
});
