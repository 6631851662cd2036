import { describe, expect, it } from 'vitest';
import { addOpeningHours, openingMinutesBetween } from './business-hours';

const TZ = 'America/New_York';
// 2026-03-04 is a Wednesday; New York is UTC-5 then.
const at = (iso: string) => new Date(iso);

describe('addOpeningHours', () => {
  it('adds hours within one open day', () => {
    expect(addOpeningHours(at('2026-03-04T15:00:00Z'), 2, TZ).toISOString()).toBe('2026-03-04T17:00:00.000Z');
  });
  it('carries what is left past closing (8 PM) to the next opening (8 AM)', () => {
    // 7:30 PM Wednesday + 2 h: 30 min on Wednesday, 90 min from 8 AM Thursday.
    expect(addOpeningHours(at('2026-03-05T00:30:00Z'), 2, TZ).toISOString()).toBe('2026-03-05T14:30:00.000Z');
  });
  it('starts the clock at opening for a lead that came in at night', () => {
    expect(addOpeningHours(at('2026-03-04T07:00:00Z'), 2, TZ).toISOString()).toBe('2026-03-04T15:00:00.000Z');
  });
  it('skips Sundays and closure days', () => {
    // Saturday 7 PM + 2 h: 1 h Saturday, Sunday closed, Monday 2026-03-09 closed too, 1 h Tuesday (UTC-4 after the DST change).
    const due = addOpeningHours(at('2026-03-08T00:00:00Z'), 2, TZ, new Set(['2026-03-09']));
    expect(due.toISOString()).toBe('2026-03-10T13:00:00.000Z');
  });
});

describe('openingMinutesBetween', () => {
  it('counts the opening minutes of one open day', () => {
    expect(openingMinutesBetween(at('2026-03-04T15:00:00Z'), at('2026-03-04T16:30:00Z'), TZ)).toBe(90);
  });
  it('counts nothing at night, on Sundays and on closure days', () => {
    // Saturday 7 PM to Tuesday 9 AM (Monday closed): 60 min Saturday, 60 min Tuesday.
    expect(openingMinutesBetween(at('2026-03-08T00:00:00Z'), at('2026-03-10T13:00:00Z'), TZ, new Set(['2026-03-09']))).toBe(120);
    // Wednesday 9 PM to Thursday 7 AM: closed all the while.
    expect(openingMinutesBetween(at('2026-03-05T02:00:00Z'), at('2026-03-05T12:00:00Z'), TZ)).toBe(0);
  });
  it('is 0 for an end before the start', () => {
    expect(openingMinutesBetween(at('2026-03-04T16:00:00Z'), at('2026-03-04T15:00:00Z'), TZ)).toBe(0);
  });
  it('undoes addOpeningHours', () => {
    const closed = new Set(['2026-03-09', '2026-03-12']);
    for (const start of ['2026-03-04T15:00:00Z', '2026-03-05T00:30:00Z', '2026-03-04T07:00:00Z', '2026-03-08T00:00:00Z', '2026-03-07T23:59:00Z']) {
      for (const hours of [1, 2, 5, 13, 40]) {
        const due = addOpeningHours(at(start), hours, TZ, closed);
        expect(openingMinutesBetween(at(start), due, TZ, closed), `${start} + ${hours} h`).toBe(hours * 60);
      }
    }
  });
});
