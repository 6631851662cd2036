import { describe, expect, it } from 'vitest';
import { addDays, datesOfMonth, dayOfWeek, isSunday, workshopMoment, workshopTimeToInstant } from './workshop-time';

// These depend only on the instant and the zone name: the suite passes under any process TZ
// (checked with TZ=UTC and TZ=Pacific/Auckland, see apps/api package.json test:maintenance-tz).

describe('workshopMoment', () => {
  it.each([
    ['2026-03-08T06:59:00Z', 'America/New_York', { date: '2026-03-08', hour: 1, minute: 59 }],
    ['2026-03-08T07:00:00Z', 'America/New_York', { date: '2026-03-08', hour: 3, minute: 0 }],
    ['2026-11-01T05:30:00Z', 'America/New_York', { date: '2026-11-01', hour: 1, minute: 30 }],
    ['2026-11-01T06:30:00Z', 'America/New_York', { date: '2026-11-01', hour: 1, minute: 30 }],
    ['2026-11-02T04:59:00Z', 'America/New_York', { date: '2026-11-01', hour: 23, minute: 59 }],
    ['2026-11-02T05:00:00Z', 'America/New_York', { date: '2026-11-02', hour: 0, minute: 0 }],
    ['2026-09-27T19:30:00Z', 'Pacific/Auckland', { date: '2026-09-28', hour: 8, minute: 30 }],
    ['2026-04-05T20:30:00Z', 'Pacific/Auckland', { date: '2026-04-06', hour: 8, minute: 30 }],
    ['2026-06-10T23:45:00Z', 'UTC', { date: '2026-06-10', hour: 23, minute: 45 }],
    ['2026-06-10T18:45:00Z', 'Asia/Kolkata', { date: '2026-06-11', hour: 0, minute: 15 }],
  ])('%s in %s', (instant, zone, expected) => {
    expect(workshopMoment(new Date(instant), zone)).toEqual(expected);
  });

  it('reuses a moment only within its UTC minute and its zone, and hands out copies', () => {
    const ny = 'America/New_York';
    const first = workshopMoment(new Date('2026-11-02T04:59:05Z'), ny);
    expect(workshopMoment(new Date('2026-11-02T04:59:59.999Z'), ny)).toEqual({ date: '2026-11-01', hour: 23, minute: 59 });
    // The next minute is local midnight: a new day, not the kept moment.
    expect(workshopMoment(new Date('2026-11-02T05:00:00Z'), ny)).toEqual({ date: '2026-11-02', hour: 0, minute: 0 });
    // The same minute in another zone is that zone's own moment.
    expect(workshopMoment(new Date('2026-11-02T05:00:30Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-02', hour: 14, minute: 0 });
    expect(workshopMoment(new Date('2026-11-02T05:00:30Z'), ny)).toEqual({ date: '2026-11-02', hour: 0, minute: 0 });
    // A caller that changes its copy changes nothing for the next.
    first.date = 'changed';
    const again = workshopMoment(new Date('2026-11-02T05:00:40Z'), ny);
    again.hour = 99;
    expect(workshopMoment(new Date('2026-11-02T05:00:50Z'), ny)).toEqual({ date: '2026-11-02', hour: 0, minute: 0 });
  });
});

describe('workshopTimeToInstant', () => {
  it.each([
    ['2026-03-06', 9, 'America/New_York', '2026-03-06T14:00:00.000Z'],
    ['2026-03-09', 9, 'America/New_York', '2026-03-09T13:00:00.000Z'],
    ['2026-10-31', 8, 'America/New_York', '2026-10-31T12:00:00.000Z'],
    ['2026-11-02', 8, 'America/New_York', '2026-11-02T13:00:00.000Z'],
    ['2026-03-08', 3, 'America/New_York', '2026-03-08T07:00:00.000Z'],
    ['2026-11-01', 12, 'America/New_York', '2026-11-01T17:00:00.000Z'],
    ['2026-09-26', 9, 'Pacific/Auckland', '2026-09-25T21:00:00.000Z'],
    ['2026-09-28', 9, 'Pacific/Auckland', '2026-09-27T20:00:00.000Z'],
    ['2026-04-04', 19, 'Pacific/Auckland', '2026-04-04T06:00:00.000Z'],
    ['2026-04-06', 19, 'Pacific/Auckland', '2026-04-06T07:00:00.000Z'],
    ['2026-06-10', 8, 'Asia/Kolkata', '2026-06-10T02:30:00.000Z'],
    ['2026-06-10', 8, 'UTC', '2026-06-10T08:00:00.000Z'],
  ])('%s %i:00 in %s', (date, hour, zone, expected) => {
    expect(workshopTimeToInstant(date, hour, zone).toISOString()).toBe(expected);
  });

  it('round-trips every slot hour of a year in both zones', () => {
    for (const zone of ['America/New_York', 'Pacific/Auckland']) {
      let date = '2026-01-01';
      for (let i = 0; i < 366; i += 1) {
        for (let hour = 8; hour <= 19; hour += 1) {
          expect(workshopMoment(workshopTimeToInstant(date, hour, zone), zone)).toEqual({ date, hour, minute: 0 });
        }
        date = addDays(date, 1);
      }
    }
  });
});

describe('calendar dates', () => {
  it('knows weekdays, month lengths and day arithmetic without a zone', () => {
    expect(dayOfWeek('2026-06-14')).toBe(0);
    expect(isSunday('2026-03-08')).toBe(true);
    expect(isSunday('2026-03-09')).toBe(false);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(datesOfMonth('2028-02')).toHaveLength(29);
    expect(datesOfMonth('2026-02')).toHaveLength(28);
    expect(datesOfMonth('2026-12').at(-1)).toBe('2026-12-31');
    // Kept per month and frozen, so no caller can change another's dates.
    expect(datesOfMonth('2026-12')).toBe(datesOfMonth('2026-12'));
    expect(Object.isFrozen(datesOfMonth('2026-12'))).toBe(true);
  });
});
