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

  it('keeps the slot counters equal to the bookings holding a place, never above capacity', async () => {
    const mismatches = await ctx.database.db.execute(sql`
      SELECT coalesce(s.date, a.appointment_date) AS date, coalesce(s.time, a.appointment_time) AS time, s.booked, a.n
      FROM maintenance_slots s
      FULL JOIN (
        SELECT appointment_date, appointment_time, count(*)::int AS n FROM maintenance_appointments
        WHERE status IN ('Pending', 'Scheduled') GROUP BY 1, 2
      ) a ON a.appointment_date = s.date AND a.appointment_time = s.time
      WHERE s.booked IS DISTINCT FROM a.n OR s.booked > 2`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
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
