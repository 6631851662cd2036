import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIME_SLOTS, type TimeSlot } from '@dealer/shared';
import { heldTechnicianHours } from '../../db/schema';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { bookingBody, type TestUser } from '../../test/factories';
import { bookOk, cancelAppointment, patchAppointment, rescheduleAppointment } from '../../test/requests';

const BUSY = 'This technician already has a job at that time.';
const CHOOSE = 'Choose a technician from the list';
const NOT_TECHNICIAN = 'Choose an active technician from the list';

// Monday 1 June 2026, 07:00 in New York.
const ctx = useTestApp({ clock: fixedClock('2026-06-01T11:00:00Z') });
const people = useTestUsers(ctx, {
  customer: {},
  other: {},
  admin: { role: 'ADMIN' },
  advisor: { role: 'SERVICE_ADVISOR' },
  sales: { role: 'SALES' },
  tina: { role: 'TECHNICIAN', name: 'Tina Torque' },
  adam: { role: 'TECHNICIAN', name: 'Adam Axle' },
  gone: { role: 'TECHNICIAN', name: 'Gone Gary', status: 'inactive' },
});
const { customer, other, admin, advisor, sales, tina, adam, gone } = people;

const get = (user: TestUser | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
let n = 0;
/** A fresh Pending booking of the customer; each at its own hour unless given one. */
async function booking(date = '2026-06-02', time?: TimeSlot) {
  n += 1;
  const appointmentTime = time ?? TIME_SLOTS[n % 8]!;
  return (await bookOk(ctx, customer, bookingBody({ appointmentDate: date, appointmentTime })))._id;
}
const holdsOf = async (appointmentId: string) =>
  ctx.database.db.select().from(heldTechnicianHours).where(eq(heldTechnicianHours.appointmentId, appointmentId));

describe(`GET /api/maintenance/admin/technicians (${TEST_DB_KIND})`, () => {
  it('lists the active technicians by name to admins and service advisors', async () => {
    for (const user of [admin, advisor]) {
      const res = await get(user, '/api/maintenance/admin/technicians');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        { _id: adam.id, name: 'Adam Axle' },
        { _id: tina.id, name: 'Tina Torque' },
      ]);
    }
  });

  it('is refused to anonymous (401), customers, sales and technicians (403)', async () => {
    expect((await get(null, '/api/maintenance/admin/technicians')).statusCode).toBe(401);
    for (const user of [customer, sales, tina]) expect((await get(user, '/api/maintenance/admin/technicians')).statusCode).toBe(403);
  });
});

describe(`assigning a technician (${TEST_DB_KIND})`, () => {
  it('an advisor assigns one from the list: the name is shown to the customer, the id and the hour kept for staff; audited', async () => {
    const id = await booking('2026-06-02', '09:00 AM');
    const res = await patchAppointment(ctx, advisor, id, { technicianId: tina.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ technician: 'Tina Torque', technicianId: tina.id });
    expect(await holdsOf(id)).toEqual([{ technicianId: tina.id, day: '2026-06-02', hour: 9, appointmentId: id }]);
    const mine = (await get(customer, `/api/maintenance/${id}`)).json().data;
    expect(mine.technician).toBe('Tina Torque');
    expect(mine).not.toHaveProperty('technicianId');
    const trail = (await get(advisor, `/api/maintenance/${id}/audit`)).json().data;
    expect(trail[0]).toMatchObject({ before: { technicianId: null, technician: null }, after: { technicianId: tina.id, technician: 'Tina Torque' } });
  });

  it('refuses a second job for the technician at the same hour (409, nothing changed); another hour or technician is fine', async () => {
    const first = await booking('2026-06-03', '10:00 AM');
    const second = await booking('2026-06-03', '10:00 AM');
    expect((await patchAppointment(ctx, admin, first, { technicianId: tina.id })).statusCode).toBe(200);
    const refused = await patchAppointment(ctx, admin, second, { technicianId: tina.id, notes: 'Bring the keys' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'ERROR', statusCode: 409, message: BUSY });
    const unchanged = (await get(admin, `/api/maintenance/${second}`)).json().data;
    expect(unchanged).toMatchObject({ technician: null, technicianId: null, notes: null });
    expect(await holdsOf(second)).toEqual([]);
    expect((await patchAppointment(ctx, admin, second, { technicianId: adam.id })).statusCode).toBe(200);
    const later = await booking('2026-06-03', '11:00 AM');
    expect((await patchAppointment(ctx, admin, later, { technicianId: tina.id })).statusCode).toBe(200);
  });

  it('holds the technician for every hour of a longer job: Engine Repair (4 h) from 9 AM leaves 1 PM free, not 11 AM', async () => {
    const engine = (await bookOk(ctx, customer, bookingBody({ maintenanceType: 'mechanical', specificService: 'Engine Repair', appointmentDate: '2026-06-05', appointmentTime: '09:00 AM' })))._id;
    expect((await patchAppointment(ctx, admin, engine, { technicianId: tina.id })).statusCode).toBe(200);
    expect((await holdsOf(engine)).map((h) => h.hour).sort((a, b) => a - b)).toEqual([9, 10, 11, 12]);
    const during = await booking('2026-06-05', '11:00 AM');
    const refused = await patchAppointment(ctx, admin, during, { technicianId: tina.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BUSY);
    const after = await booking('2026-06-05', '01:00 PM');
    expect((await patchAppointment(ctx, admin, after, { technicianId: tina.id })).statusCode).toBe(200);
  });

  it('frees the hour when the job is cancelled, completed, unassigned or given free text, and takes it back on reopening', async () => {
    const a = await booking('2026-06-04', '01:00 PM');
    const b = await booking('2026-06-04', '01:00 PM');
    expect((await patchAppointment(ctx, admin, a, { technicianId: adam.id })).statusCode).toBe(200);
    expect((await patchAppointment(ctx, admin, a, { status: 'Cancelled' })).statusCode).toBe(200);
    expect(await holdsOf(a)).toEqual([]);
    expect((await patchAppointment(ctx, admin, b, { technicianId: adam.id })).statusCode).toBe(200);
    // Reopening a's booking would give Adam two jobs at 1 PM.
    const reopen = await patchAppointment(ctx, admin, a, { status: 'Pending' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(BUSY);
    expect((await get(admin, `/api/maintenance/${a}`)).json().data.status).toBe('Cancelled');
    // Free text replaces the chosen technician and frees the hour.
    const typed = await patchAppointment(ctx, admin, b, { technician: 'Bob from the other branch' });
    expect(typed.json().data).toMatchObject({ technician: 'Bob from the other branch', technicianId: null });
    expect(await holdsOf(b)).toEqual([]);
    expect((await patchAppointment(ctx, admin, a, { status: 'Pending' })).statusCode).toBe(200);
    expect((await patchAppointment(ctx, admin, a, { status: 'Completed' })).statusCode).toBe(200);
    expect(await holdsOf(a)).toEqual([]);
    const c = await booking('2026-06-04', '02:00 PM');
    expect((await patchAppointment(ctx, admin, c, { technicianId: adam.id })).statusCode).toBe(200);
    expect((await patchAppointment(ctx, admin, c, { technicianId: null })).json().data).toMatchObject({ technician: null, technicianId: null });
    expect(await holdsOf(c)).toEqual([]);
  });

  it("the customer's cancellation frees the technician", async () => {
    const id = await booking('2026-06-05', '03:00 PM');
    expect((await patchAppointment(ctx, admin, id, { technicianId: tina.id })).statusCode).toBe(200);
    expect((await cancelAppointment(ctx, customer, id)).statusCode).toBe(200);
    expect(await holdsOf(id)).toEqual([]);
  });

  it('a move keeps the technician when free; staff are refused a busy hour; a customer move gives the job back', async () => {
    const busy = await booking('2026-06-08', '08:00 AM');
    const id = await booking('2026-06-08', '09:00 AM');
    await patchAppointment(ctx, admin, busy, { technicianId: tina.id });
    await patchAppointment(ctx, admin, id, { technicianId: tina.id });
    const moved = await rescheduleAppointment(ctx, advisor, id, { appointmentDate: '2026-06-08', appointmentTime: '10:00 AM' });
    expect(moved.statusCode).toBe(200);
    expect(await holdsOf(id)).toMatchObject([{ day: '2026-06-08', hour: 10 }]);
    const refused = await rescheduleAppointment(ctx, advisor, id, { appointmentDate: '2026-06-08', appointmentTime: '08:00 AM' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BUSY);
    expect((await get(admin, `/api/maintenance/${id}`)).json().data.appointmentTime).toBe('10:00 AM');
    const byCustomer = await rescheduleAppointment(ctx, customer, id, { appointmentDate: '2026-06-08', appointmentTime: '08:00 AM' });
    expect(byCustomer.statusCode).toBe(200);
    expect(byCustomer.json().data.technician).toBeNull();
    expect(await holdsOf(id)).toEqual([]);
  });

  it('answers bad input with a clear message and changes nothing', async () => {
    const id = await booking('2026-06-09');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ technicianId: 'tina' }, 422, CHOOSE],
      [{ technicianId: 7 }, 422, CHOOSE],
      [{ technicianId: '00000000-0000-4000-8000-000000000000' }, 422, NOT_TECHNICIAN],
      [{ technicianId: other.id }, 422, NOT_TECHNICIAN],
      [{ technicianId: advisor.id }, 422, NOT_TECHNICIAN],
      [{ technicianId: gone.id }, 422, NOT_TECHNICIAN],
      [{ technicianId: tina.id, technician: 'Tina' }, 422, 'Choose a technician from the list or type a name, not both'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await patchAppointment(ctx, admin, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().errors?.technicianId ?? res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect((await get(admin, `/api/maintenance/${id}`)).json().data).toMatchObject({ technician: null, technicianId: null });
    expect(await holdsOf(id)).toEqual([]);
  });

  it('is for admins and service advisors only', async () => {
    const id = await booking('2026-06-09');
    for (const user of [customer, sales, tina]) expect((await patchAppointment(ctx, user, id, { technicianId: tina.id })).statusCode).toBe(403);
    expect(await holdsOf(id)).toEqual([]);
  });

  it('two staff giving the technician two jobs at the same hour at once: one wins, the other is told', async () => {
    for (let round = 0; round < 3; round += 1) {
      const day = `2026-06-1${round}`;
      const a = await booking(day, '04:00 PM');
      const b = await booking(day, '04:00 PM');
      const [ra, rb] = await Promise.all([
        patchAppointment(ctx, admin, a, { technicianId: adam.id }),
        patchAppointment(ctx, advisor, b, { technicianId: adam.id }),
      ]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
      expect((ra.statusCode === 409 ? ra : rb).json().message).toBe(BUSY);
      const held = await ctx.database.db.select().from(heldTechnicianHours).where(eq(heldTechnicianHours.day, day));
      expect(held).toHaveLength(1);
    }
  });

  it('the database itself refuses a second row for the same technician and hour', async () => {
    const a = await booking('2026-06-15', '08:00 AM');
    const b = await booking('2026-06-15', '08:00 AM');
    await ctx.database.db.insert(heldTechnicianHours).values({ technicianId: tina.id, day: '2026-06-15', hour: 8, appointmentId: a });
    await expect(
      ctx.database.db.insert(heldTechnicianHours).values({ technicianId: tina.id, day: '2026-06-15', hour: 8, appointmentId: b }),
    ).rejects.toThrow();
  });
});
