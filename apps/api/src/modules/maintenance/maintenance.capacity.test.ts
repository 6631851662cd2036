import { sql } from 'drizzle-orm';
import { TIME_SLOTS } from '@dealer/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, TEST_DB_KIND, useTestApp } from '../../test/harness';
import { bookingBody, createAdmin, createUser, type TestUser } from '../../test/factories';
import { availability, book, bookOk, cancelAppointment, getAppointment, patchAppointment } from '../../test/requests';
import { expectSlotPlaces } from '../../test/slots';

const CAPACITY = 3;
const RACES = 20;
const RACERS = 50;

// Monday 1 June 2026, 07:00 in New York.
const ctx = useTestApp({ clock: fixedClock('2026-06-01T11:00:00Z'), config: { SLOT_CAPACITY: CAPACITY } });
let customers: TestUser[];
let admin: TestUser;

beforeAll(async () => {
  customers = [];
  for (let i = 0; i < 5; i += 1) customers.push(await createUser(ctx));
  admin = await createAdmin(ctx);
});

const expectConsistent = (date: string, time: string, expected: number) => expectSlotPlaces(ctx, date, time, expected);

describe(`slot capacity under simultaneous bookings (${TEST_DB_KIND})`, () => {
  it(`lets exactly ${CAPACITY} of ${RACERS} simultaneous bookings in, ${RACES} times over`, async () => {
    const outcomes: { created: number; full: number }[] = [];
    for (let race = 0; race < RACES; race += 1) {
      // Weekdays of June 2026 from the 2nd on, one slot per race.
      const date = `2026-06-${String(2 + Math.floor(race / 6)).padStart(2, '0')}`;
      const time = TIME_SLOTS[race % TIME_SLOTS.length]!;
      const responses = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          book(ctx, customers[i % customers.length]!, bookingBody({ appointmentDate: date, appointmentTime: time })),
        ),
      );
      const created = responses.filter((r) => r.statusCode === 201).length;
      const full = responses.filter((r) => r.statusCode === 409);
      outcomes.push({ created, full: full.length });
      expect(created, `race ${race} at ${date} ${time}`).toBe(CAPACITY);
      expect(full.length).toBe(RACERS - CAPACITY);
      expect(full[0]!.json()).toMatchObject({
        status: 'ERROR',
        statusCode: 409,
        message: 'This time slot is fully booked. Please choose another time.',
      });
      await expectConsistent(date, time, CAPACITY);
      expect((await availability(ctx, date))[time]).toBe(false);
    }
    expect(outcomes.every((o) => o.created === CAPACITY && o.full === RACERS - CAPACITY)).toBe(true);
  }, 240_000);

  it('never overfills when admins re-open cancelled bookings at the same time', async () => {
    const date = '2026-06-09';
    const time = '03:00 PM';
    const ids: string[] = [];
    for (let i = 0; i < CAPACITY + 6; i += 1) {
      if (i >= CAPACITY) {
        // Free a place first so the next booking fits, then keep the freed one Cancelled.
        await patchAppointment(ctx, admin, ids[i - CAPACITY]!, { status: 'Cancelled' });
      }
      ids.push((await bookOk(ctx, customers[0]!, bookingBody({ appointmentDate: date, appointmentTime: time })))._id);
    }
    await expectConsistent(date, time, CAPACITY);
    const cancelled = ids.slice(0, ids.length - CAPACITY);
    // Free one place, then let every cancelled booking try to take it with an approval.
    await patchAppointment(ctx, admin, ids[ids.length - 1]!, { status: 'Completed' });
    const responses = await Promise.all(
      cancelled.map((id) => patchAppointment(ctx, admin, id, { status: 'Scheduled', technician: 'Mike Ross', cost: 150 })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(cancelled.length - 1);
    await expectConsistent(date, time, CAPACITY);
  });
});

describe('admin status changes move slot places', () => {
  const date = '2026-06-10';
  const time = '11:00 AM';

  it('frees a place when leaving Pending/Scheduled and takes one when returning, refusing a full slot', async () => {
    const ids = [];
    for (let i = 0; i < CAPACITY; i += 1) {
      ids.push((await bookOk(ctx, customers[1]!, bookingBody({ appointmentDate: date, appointmentTime: time })))._id);
    }
    const [a, b, c] = ids as [string, string, string];
    await expectConsistent(date, time, CAPACITY);

    // Pending -> Scheduled keeps its place.
    expect((await patchAppointment(ctx, admin, a, { status: 'Scheduled', technician: 'Mike', cost: 99.5 })).statusCode).toBe(200);
    await expectConsistent(date, time, CAPACITY);

    // Scheduled -> Completed frees one.
    expect((await patchAppointment(ctx, admin, a, { status: 'Completed' })).statusCode).toBe(200);
    await expectConsistent(date, time, CAPACITY - 1);
    expect((await availability(ctx, date))[time]).toBe(true);

    // Pending -> Cancelled frees another; Cancelled -> Completed changes nothing.
    expect((await patchAppointment(ctx, admin, b, { status: 'Cancelled' })).statusCode).toBe(200);
    expect((await patchAppointment(ctx, admin, b, { status: 'Completed' })).statusCode).toBe(200);
    await expectConsistent(date, time, CAPACITY - 2);

    // Two new bookings fill the slot again.
    const d = (await bookOk(ctx, customers[2]!, bookingBody({ appointmentDate: date, appointmentTime: time })))._id;
    await bookOk(ctx, customers[2]!, bookingBody({ appointmentDate: date, appointmentTime: time }));
    await expectConsistent(date, time, CAPACITY);

    // Returning a Completed booking to Pending or Scheduled needs a place: 409, nothing changed.
    const refused = await patchAppointment(ctx, admin, a, { status: 'Scheduled', technician: 'Someone Else', cost: 10 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This time slot is fully booked. Please choose another time.');
    const unchanged = await getAppointment(ctx, admin, a);
    expect(unchanged.json().data).toMatchObject({ status: 'Completed', technician: 'Mike', cost: 99.5 });
    await expectConsistent(date, time, CAPACITY);

    // Once the owner cancels, the place can be taken by the admin's change.
    expect((await cancelAppointment(ctx, customers[2]!, d)).statusCode).toBe(200);
    await expectConsistent(date, time, CAPACITY - 1);
    expect((await patchAppointment(ctx, admin, a, { status: 'Pending' })).statusCode).toBe(200);
    await expectConsistent(date, time, CAPACITY);
    void c;
  });
});

describe(`paint booths under simultaneous multi-day bookings (${TEST_DB_KIND})`, () => {
  const BOOTHS = 2;
  const paint = (date: string) =>
    bookingBody({ maintenanceType: 'painting', specificService: 'Full Body Paint', appointmentDate: date, appointmentTime: '08:00 AM' });

  /** No hour above the booth count, and every counter equal to the holds of the jobs holding a place. */
  async function expectBoothsConsistent() {
    const result = await ctx.database.db.execute(sql`
      SELECT coalesce(r.date, h.date)::text AS date, coalesce(r.hour, h.hour) AS hour, r.booked, h.n
      FROM (SELECT * FROM resource_hours WHERE resource = 'Paint booth') r
      FULL JOIN (
        SELECT h.date, g.hour, count(*)::int AS n
        FROM appointment_holds h JOIN maintenance_appointments a ON a.id = h.appointment_id AND a.status IN ('Pending', 'Scheduled'),
             generate_series(h.start_hour, h.end_hour - 1) AS g(hour)
        WHERE h.resource = 'Paint booth' GROUP BY 1, 2
      ) h ON h.date = r.date AND h.hour = r.hour
      WHERE (r.booked IS DISTINCT FROM h.n AND NOT (r.booked = 0 AND h.n IS NULL)) OR r.booked > ${BOOTHS}`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([]);
  }

  beforeAll(async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/workshop/settings',
      headers: admin.auth,
      payload: { resources: { serviceBays: CAPACITY, bodyBays: 1, paintBooths: BOOTHS }, services: [] },
    });
    expect(res.statusCode).toBe(200);
  });

  it(`lets exactly ${BOOTHS} of ${RACERS} simultaneous five-day paint jobs starting the same day in`, async () => {
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => book(ctx, admin, paint('2026-06-22'))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(BOOTHS);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(RACERS - BOOTHS);
    await expectBoothsConsistent();
  }, 240_000);

  it('never puts more than the booths on any hour when overlapping jobs, moves and cancellations race', async () => {
    // Starts on six consecutive working days: each job overlaps those starting up to four working days around it.
    const starts = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10', '2026-07-11'];
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => book(ctx, admin, paint(starts[i % starts.length]!))),
    );
    const created = responses.filter((r) => r.statusCode === 201).map((r) => r.json().data._id as string);
    expect(created.length).toBeGreaterThan(0);
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    await expectBoothsConsistent();
    // Half of them move to other days while the rest are cancelled and re-opened, all at once.
    const moves = created.map((id, i) =>
      i % 3 === 0
        ? ctx.app.inject({
            method: 'PATCH',
            url: `/api/maintenance/${id}/reschedule`,
            headers: admin.auth,
            payload: { appointmentDate: starts[(i + 2) % starts.length], appointmentTime: '08:00 AM' },
          })
        : i % 3 === 1
          ? patchAppointment(ctx, admin, id, { status: 'Cancelled' })
          : patchAppointment(ctx, admin, id, { status: 'Scheduled', technician: 'Mike Ross', cost: 2400 }),
    );
    const reopen = Array.from({ length: 20 }, (_, i) => book(ctx, admin, paint(starts[i % starts.length]!)));
    const all = await Promise.all([...moves, ...reopen]);
    expect(all.every((r) => [200, 201, 409, 422].includes(r.statusCode))).toBe(true);
    await expectBoothsConsistent();
  }, 240_000);
});
