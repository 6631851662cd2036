import { TIME_SLOTS } from '@dealer/shared';
import { describe, expect, it } from 'vitest';
import { calendarRule, openTimes } from './opening-hours';
import { addDays, type WorkshopMoment } from './workshop-time';

describe('openTimes: the open slots of a date, worked out once for the date', () => {
  it('equals the slots calendarRule leaves open, for every date around now at every hour of the day', () => {
    const today = '2026-12-05'; // a Saturday: the next day is a Sunday
    const last = addDays(today, 30);
    for (let hour = 0; hour < 24; hour += 1) {
      const now: WorkshopMoment = { date: today, hour, minute: 30 };
      for (let offset = -3; offset <= 34; offset += 1) {
        const date = addDays(today, offset);
        const expected = TIME_SLOTS.filter((time) => calendarRule(date, time, now, last) === null);
        expect(openTimes(date, now, last), `${date} at ${hour}:30`).toEqual(expected);
      }
    }
  });

  it('leaves a Sunday, a past date and a date past the horizon closed, and today only its hours to come', () => {
    const now: WorkshopMoment = { date: '2026-12-05', hour: 17, minute: 10 };
    expect(openTimes('2026-12-06', now, '2027-01-04')).toEqual([]);
    expect(openTimes('2026-12-04', now, '2027-01-04')).toEqual([]);
    expect(openTimes('2027-01-05', now, '2027-01-04')).toEqual([]);
    expect(openTimes('2026-12-05', now, '2027-01-04')).toEqual(['06:00 PM', '07:00 PM']);
    expect(openTimes('2027-01-04', now, '2027-01-04')).toEqual(TIME_SLOTS);
  });
});
