import { sql } from 'drizzle-orm';
import { MAINTENANCE_STATUSES } from '@dealer/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { maintenanceAppointments } from '../../db/schema';
import { DEMO_FULL_SLOT_TIME, seedDemoAppointments } from '../../seed/demo-appointments';
import { seedDemoUsers, type DemoUsers } from '../../seed/demo-users';
import { fixedClock, useTestApp } from '../../test/harness';
import { addDays, isSunday } from '../workshop-calendar';
import { availability } from '../../test/requests';
import { bearerFor } from '../../test/sessions';

// Saturday 24 October 2026, 09:15 in New York: next month's first Wednesday is 4 November.
const NOW = '2026-10-24T13:15:00Z';
const TODAY = '2026-10-24';

let users: DemoUsers;

const ctx = useTestApp({ clock: fixedClock(NOW), config: { SLOT_CAPACITY: 2 } });
beforeAll(async () => {
  users = await seedDemoUsers(ctx.database.db);
  await seedDemoAppointments(ctx.app.deps, users);
}, 180_000);

describe('demo appointments', () => {
  it('gives jane and sam at least two appointments in every status, past and future', async () => {
    const rows = await ctx.database.db.select().from(maintenanceAppointments);
    for (const owner of ['jane', 'sam'] as const) {
      const own = rows.filter((r) => r.userId === users[owner]);
      for (const status of MAINTENANCE_STATUSES) {
        expect(own.filter((r) => r.status === status).length, `${owner} ${status}`).toBeGreaterThanOrEqual(2);
      }
      expect(own.some((r) => r.appointmentDate < TODAY)).toBe(true);
      expect(own.some((r) => r.appointmentDate > TODAY)).toBe(true);
      for (const r of own.filter((x) => x.status === 'Scheduled')) {
        expect(r.technician).toBeTruthy();
        expect(r.cost).not.toBeNull();
      }
      for (const r of own.filter((x) => x.status === 'Completed')) {
        expect(r.cost).not.toBeNull();
        expect(r.notes).toBeTruthy();
      }
    }
    for (const r of rows.filter((x) => x.status === 'Pending' || x.status === 'Scheduled')) {
      expect(r.appointmentDate > TODAY, `${r.appointmentDate} is upcoming`).toBe(true);
      expect(isSunday(r.appointmentDate)).toBe(false);
    }
  });

  it('keeps the resource counters equal to the holds of the bookings holding a place, never above capacity', async () => {
    const mismatches = await ctx.database.db.execute(sql`
      SELECT coalesce(r.resource, h.resource) AS resource, coalesce(r.date, h.date) AS date, coalesce(r.hour, h.hour) AS hour, r.booked, h.n
      FROM resource_hours r
      FULL JOIN (
        SELECT h.resource, h.date, g.hour, count(*)::int AS n
        FROM appointment_holds h JOIN maintenance_appointments a ON a.id = h.appointment_id AND a.status IN ('Pending', 'Scheduled'),
             generate_series(h.start_hour, h.end_hour - 1) AS g(hour)
        GROUP BY 1, 2, 3
      ) h ON h.resource = r.resource AND h.date = r.date AND h.hour = r.hour
      WHERE r.booked IS DISTINCT FROM h.n AND NOT (r.booked = 0 AND h.n IS NULL)
         OR r.booked > CASE r.resource WHEN 'Service bay' THEN 2 ELSE 1 END`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
    const holding = await ctx.database.db.execute(sql`
      SELECT count(*)::int AS n FROM maintenance_appointments a
      WHERE a.status IN ('Pending', 'Scheduled') AND NOT EXISTS (SELECT 1 FROM appointment_holds h WHERE h.appointment_id = a.id)`);
    expect((holding as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('books jobs of working days in the coming week: a paint booth and a body bay held for days', async () => {
    const paint = await ctx.database.db.execute(sql`
      SELECT count(*)::int AS n FROM appointment_holds WHERE resource = 'Paint booth' AND date <= ${addDays(TODAY, 8)}`);
    expect((paint as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(5);
  });

  it('fills one slot a week ahead and the whole first Wednesday of next month', async () => {
    const fullSlotDay = addDays(TODAY, 7);
    const slots = await availability(ctx, fullSlotDay);
    expect(slots[DEMO_FULL_SLOT_TIME]).toBe(false);
    expect(Object.values(slots).filter((ok) => !ok)).toHaveLength(1);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-11' });
    expect(res.json().data.fullDates).toEqual(['2026-11-04']);
    expect(Object.values(await availability(ctx, '2026-11-04')).every((ok) => !ok)).toBe(true);
  });

  it('shows the demo history through the API', async () => {
    const auth = await bearerFor(ctx, { id: users.jane, role: 'USER' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/maintenance/history',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThanOrEqual(9);
  });
});
