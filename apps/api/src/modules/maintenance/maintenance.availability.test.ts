import { TIME_SLOTS } from '@dealer/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { bookingBody, createUser } from '../../test/factories';
import { availability, book, bookOk } from '../../test/requests';

// Availability depends only on the injected clock and WORKSHOP_TZ, never on the process's TZ:
// this file passes under TZ=UTC and TZ=Pacific/Auckland alike (npm run test:maintenance-tz -w apps/api).

const newYorkClock = fixedClock('2026-06-10T14:30:00Z');
const aucklandClock = fixedClock('2026-06-10T14:30:00Z');
let newYork: TestContext;
let auckland: TestContext;

beforeAll(async () => {
  newYork = await createTestApp({ clock: newYorkClock, config: { WORKSHOP_TZ: 'America/New_York', SLOT_CAPACITY: 1, BOOKING_HORIZON_DAYS: 400 } });
  auckland = await createTestApp({ clock: aucklandClock, config: { WORKSHOP_TZ: 'Pacific/Auckland', SLOT_CAPACITY: 1 } });
}, 180_000);
afterAll(async () => {
  await newYork?.close();
  await auckland?.close();
});

async function today(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/settings' });
  return res.json().data.today;
}

/** The slots of a date that can be booked now. */
async function openSlots(ctx: TestContext, date: string): Promise<string[]> {
  const slots = await availability(ctx, date);
  return Object.entries(slots)
    .filter(([, ok]) => ok)
    .map(([time]) => time);
}

const ALL = [...TIME_SLOTS];
const FROM_9 = ALL.slice(1);

describe('GET api/maintenance/availability', () => {
  it('answers the date and the twelve hourly slots in order', async () => {
    newYorkClock.set('2026-06-10T14:30:00Z');
    const res = await newYork.app.inject({ method: 'GET', url: '/api/maintenance/availability?date=2026-06-12' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.date).toBe('2026-06-12');
    expect(body.data.availability).toEqual(ALL.map((time) => ({ time, available: true })));
  });

  it('validates the date', async () => {
    for (const q of ['', '?date=', '?date=2026-6-1', '?date=2026-02-30']) {
      const res = await newYork.app.inject({ method: 'GET', url: `/api/maintenance/availability${q}` });
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors.date).toBe('Please select a date');
    }
  });

  it('closes Sundays and past dates', async () => {
    newYorkClock.set('2026-06-10T14:30:00Z');
    expect(await openSlots(newYork, '2026-06-14')).toEqual([]);
    expect(await openSlots(newYork, '2026-06-09')).toEqual([]);
    expect(await openSlots(newYork, '2025-12-01')).toEqual([]);
    expect(await openSlots(newYork, '2026-06-13')).toEqual(ALL);
  });

  it('closes the hours of today that have started', async () => {
    newYorkClock.set('2026-06-10T14:30:00Z'); // 10:30 EDT
    expect(await openSlots(newYork, '2026-06-10')).toEqual(ALL.slice(3));
    newYorkClock.set('2026-06-10T14:00:00Z'); // 10:00 sharp: the 10 o'clock slot has begun
    expect(await openSlots(newYork, '2026-06-10')).toEqual(ALL.slice(3));
    newYorkClock.set('2026-06-10T13:59:00Z'); // 09:59
    expect(await openSlots(newYork, '2026-06-10')).toEqual(ALL.slice(2));
    newYorkClock.set('2026-06-10T22:30:00Z'); // 18:30
    expect(await openSlots(newYork, '2026-06-10')).toEqual(['07:00 PM']);
    newYorkClock.set('2026-06-10T23:00:00Z'); // 19:00
    expect(await openSlots(newYork, '2026-06-10')).toEqual([]);
    expect(await openSlots(newYork, '2026-06-11')).toEqual(ALL);
  });

  describe('America/New_York around its daylight-saving changes', () => {
    it('spring forward (Sunday 8 March 2026)', async () => {
      newYorkClock.set('2026-03-07T13:30:00Z'); // Saturday 08:30 EST (UTC-5)
      expect(await today(newYork)).toBe('2026-03-07');
      expect(await openSlots(newYork, '2026-03-07')).toEqual(FROM_9);

      newYorkClock.set('2026-03-08T04:30:00Z'); // still Saturday, 23:30 EST, though Sunday in UTC
      expect(await today(newYork)).toBe('2026-03-07');
      expect(await openSlots(newYork, '2026-03-07')).toEqual([]);
      expect(await openSlots(newYork, '2026-03-08')).toEqual([]);
      expect(await openSlots(newYork, '2026-03-09')).toEqual(ALL);

      newYorkClock.set('2026-03-08T15:00:00Z'); // the change day itself: a Sunday
      expect(await today(newYork)).toBe('2026-03-08');
      expect(await openSlots(newYork, '2026-03-08')).toEqual([]);

      newYorkClock.set('2026-03-09T12:30:00Z'); // Monday 08:30 EDT (UTC-4); 07:30 with a stale offset
      expect(await today(newYork)).toBe('2026-03-09');
      expect(await openSlots(newYork, '2026-03-09')).toEqual(FROM_9);
    });

    it('fall back (Sunday 1 November 2026)', async () => {
      newYorkClock.set('2026-10-31T12:30:00Z'); // Saturday 08:30 EDT
      expect(await openSlots(newYork, '2026-10-31')).toEqual(FROM_9);

      newYorkClock.set('2026-11-02T13:30:00Z'); // Monday 08:30 EST; 09:30 with a stale offset
      expect(await today(newYork)).toBe('2026-11-02');
      expect(await openSlots(newYork, '2026-11-02')).toEqual(FROM_9);

      newYorkClock.set('2026-11-03T03:30:00Z'); // Monday 22:30 EST, Tuesday in UTC
      expect(await today(newYork)).toBe('2026-11-02');
      expect(await openSlots(newYork, '2026-11-02')).toEqual([]);
      expect(await openSlots(newYork, '2026-11-03')).toEqual(ALL);
    });

    it('re-checks the same rules when booking', async () => {
      newYorkClock.set('2026-03-09T12:30:00Z');
      const user = await createUser(newYork);
      const early = await book(newYork, user, bookingBody({ appointmentDate: '2026-03-09', appointmentTime: '08:00 AM' }));
      expect(early.statusCode).toBe(422);
      expect(early.json().errors.appointmentTime).toBe('This time has already passed. Please choose a later time slot.');
      const later = await bookOk(newYork, user, bookingBody({ appointmentDate: '2026-03-09', appointmentTime: '09:00 AM' }));
      const ics = await newYork.app.inject({
        method: 'GET',
        url: `/api/maintenance/${later._id}/calendar.ics`,
        headers: user.auth,
      });
      expect(ics.body).toContain('DTSTART:20260309T130000Z');
      const sunday = await book(newYork, user, bookingBody({ appointmentDate: '2026-03-08', appointmentTime: '09:00 AM' }));
      expect(sunday.json().errors.appointmentDate).toBe('Please choose today or a later date.');
    });
  });

  describe('Pacific/Auckland around its daylight-saving changes', () => {
    it('spring forward (Sunday 27 September 2026)', async () => {
      aucklandClock.set('2026-09-25T20:30:00Z'); // Saturday 26th 08:30 NZST (UTC+12)
      expect(await today(auckland)).toBe('2026-09-26');
      expect(await openSlots(auckland, '2026-09-26')).toEqual(FROM_9);

      aucklandClock.set('2026-09-27T19:30:00Z'); // Monday 28th 08:30 NZDT (UTC+13), Sunday in UTC
      expect(await today(auckland)).toBe('2026-09-28');
      expect(await openSlots(auckland, '2026-09-27')).toEqual([]);
      expect(await openSlots(auckland, '2026-09-28')).toEqual(FROM_9);
    });

    it('fall back (Sunday 5 April 2026)', async () => {
      aucklandClock.set('2026-04-03T19:30:00Z'); // Saturday 4th 08:30 NZDT
      expect(await today(auckland)).toBe('2026-04-04');
      expect(await openSlots(auckland, '2026-04-04')).toEqual(FROM_9);

      aucklandClock.set('2026-04-05T20:30:00Z'); // Monday 6th 08:30 NZST; 09:30 with a stale offset
      expect(await today(auckland)).toBe('2026-04-06');
      expect(await openSlots(auckland, '2026-04-06')).toEqual(FROM_9);
      expect(await openSlots(auckland, '2026-04-05')).toEqual([]);
    });

    it('books by the workshop date even when UTC is a day behind', async () => {
      aucklandClock.set('2026-09-27T19:30:00Z');
      const user = await createUser(auckland);
      const res = await bookOk(auckland, user, bookingBody({ appointmentDate: '2026-09-28', appointmentTime: '09:00 AM' }));
      const ics = await auckland.app.inject({
        method: 'GET',
        url: `/api/maintenance/${res._id}/calendar.ics`,
        headers: user.auth,
      });
      expect(ics.body).toContain('DTSTART:20260927T200000Z');
      expect(
        (await book(auckland, user, bookingBody({ appointmentDate: '2026-09-28', appointmentTime: '08:00 AM' }))).statusCode,
      ).toBe(422);
    });
  });
});

describe('GET api/maintenance/availability/month', () => {
  it('lists past dates, Sundays and full dates; full dates separately', async () => {
    newYorkClock.set('2026-06-10T14:30:00Z');
    const user = await createUser(newYork);
    // Capacity 1: twelve bookings fill Wednesday 17 June; one fills a single slot on the 18th.
    for (const time of TIME_SLOTS)
      await bookOk(newYork, user, bookingBody({ appointmentDate: '2026-06-17', appointmentTime: time }));
    await bookOk(newYork, user, bookingBody({ appointmentDate: '2026-06-18', appointmentTime: '09:00 AM' }));

    const res = await newYork.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-06' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.month).toBe('2026-06');
    expect(data.fullDates).toEqual(['2026-06-17']);
    expect(data.unavailableDates).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
      '2026-06-08',
      '2026-06-09',
      '2026-06-14',
      '2026-06-17',
      '2026-06-21',
      '2026-06-28',
    ]);
    expect(await openSlots(newYork, '2026-06-17')).toEqual([]);
    expect((await availability(newYork, '2026-06-18'))['09:00 AM']).toBe(false);

    const booked = await book(newYork, user, bookingBody({ appointmentDate: '2026-06-17', appointmentTime: '03:00 PM' }));
    expect(booked.statusCode).toBe(409);
  });

  it('counts today as full when every remaining hour is full, and as past once the day is over', async () => {
    newYorkClock.set('2026-06-11T22:30:00Z'); // Thursday 18:30: only 07:00 PM is left
    const user = await createUser(newYork);
    await bookOk(newYork, user, bookingBody({ appointmentDate: '2026-06-11', appointmentTime: '07:00 PM' }));
    let data = (await newYork.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-06' })).json()
      .data;
    expect(data.fullDates).toEqual(['2026-06-11', '2026-06-17']);
    expect(data.unavailableDates).toContain('2026-06-11');

    newYorkClock.set('2026-06-11T23:30:00Z'); // 19:30: the day is over
    data = (await newYork.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-06' })).json().data;
    expect(data.fullDates).toEqual(['2026-06-17']);
    expect(data.unavailableDates).toContain('2026-06-11');
  });

  it('answers whole past months as unavailable, future months with only Sundays, and validates the month', async () => {
    newYorkClock.set('2026-06-10T14:30:00Z');
    const may = (await newYork.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-05' })).json()
      .data;
    expect(may.unavailableDates).toHaveLength(31);
    expect(may.fullDates).toEqual([]);
    const feb = (await newYork.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2027-02' })).json()
      .data;
    expect(feb.unavailableDates).toEqual(['2027-02-07', '2027-02-14', '2027-02-21', '2027-02-28']);
    for (const q of ['', '?month=2026-13', '?month=2026-6', '?month=June']) {
      const res = await newYork.app.inject({ method: 'GET', url: `/api/maintenance/availability/month${q}` });
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('uses the workshop date in Auckland while UTC is still on the previous day', async () => {
    aucklandClock.set('2026-06-30T13:00:00Z'); // Wednesday 1 July 01:00 NZST
    const june = (await auckland.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-06' })).json()
      .data;
    expect(june.unavailableDates).toHaveLength(30);
    const july = (await auckland.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-07' })).json()
      .data;
    expect(july.unavailableDates).toEqual(['2026-07-05', '2026-07-12', '2026-07-19', '2026-07-26']);
  });
});
