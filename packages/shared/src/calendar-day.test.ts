import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, calendarDayInstant, calendarDayOf, isSunday, pickedCalendarDay } from './calendar-day';
import { formatCalendarDay, formatLongDate } from './format';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Runs `read` as a browser whose clock is set to `zone` (Node applies a change of TZ at once). */
function inZone<T>(zone: string, read: () => T): T {
  vi.stubEnv('TZ', zone);
  return read();
}

/** What `new Date(value)` shows in that zone, as the spec's client formats it. */
const shownIn = (zone: string, value: string) => inZone(zone, () => formatLongDate(new Date(value)));
/** What a date picker in that zone sends for its local midnight of the day. */
const pickedIn = (zone: string, year: number, monthIndex: number, day: number) =>
  inZone(zone, () => new Date(year, monthIndex, day).toISOString());

// IANA's Etc zones are named with the sign reversed: Etc/GMT+12 is UTC-12.
const zoneAt = (offsetHours: number) =>
  offsetHours === 0 ? 'UTC' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
const WHOLE_HOURS_INSIDE = Array.from({ length: 23 }, (_, i) => i - 11);

describe('an appointment day sent to browsers (UTC noon)', () => {
  const sent = calendarDayInstant('2026-11-30');

  it('is the day at UTC noon, and reads back as the day', () => {
    expect(sent).toBe('2026-11-30T12:00:00.000Z');
    expect(calendarDayOf(sent)).toBe('2026-11-30');
    expect(calendarDayOf('2026-11-30')).toBe('2026-11-30');
  });

  it.each(['America/New_York', 'Australia/Sydney', 'Etc/GMT+12', ...WHOLE_HOURS_INSIDE.map(zoneAt)])(
    'shows November 30 under new Date() in %s',
    (zone) => {
      expect(shownIn(zone, sent)).toBe('November 30, 2026');
    },
  );

  it('shows the next day at exactly UTC+12, the one end no instant can share with UTC-12', () => {
    expect(shownIn('Etc/GMT-12', sent)).toBe('December 1, 2026');
  });

  it('reads as the day in our own web in any zone, UTC+12 and UTC+14 included', () => {
    for (const zone of ['Etc/GMT-12', 'Pacific/Kiritimati', 'Etc/GMT+12', 'America/New_York']) {
      expect(inZone(zone, () => formatCalendarDay(sent))).toBe('November 30, 2026');
      expect(inZone(zone, () => formatCalendarDay('2026-11-30'))).toBe('November 30, 2026');
    }
  });
});

describe('a day picked in a browser and sent as its local midnight', () => {
  it('reads the examples: New York and Sydney both picked November 30', () => {
    expect(pickedIn('America/New_York', 2026, 10, 30)).toBe('2026-11-30T05:00:00.000Z');
    expect(pickedCalendarDay('2026-11-30T05:00:00.000Z')).toBe('2026-11-30');
    expect(pickedCalendarDay(pickedIn('Australia/Sydney', 2026, 10, 30))).toBe('2026-11-30');
  });

  it.each(['Etc/GMT-12', ...WHOLE_HOURS_INSIDE.map(zoneAt), 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Marquesas'])(
    'is the day picked in %s',
    (zone) => {
      for (const [year, monthIndex, day, expected] of [
        [2026, 10, 30, '2026-11-30'],
        [2026, 0, 1, '2026-01-01'],
        [2028, 1, 29, '2028-02-29'],
      ] as const) {
        expect(pickedCalendarDay(pickedIn(zone, year, monthIndex, day))).toBe(expected);
      }
    },
  );

  it('reads a day whose midnight was skipped by daylight saving (São Paulo, 4 November 2018: the day began at 01:00)', () => {
    expect(pickedCalendarDay(pickedIn('America/Sao_Paulo', 2018, 10, 4))).toBe('2018-11-04');
  });

  it('reads the next day from UTC-12, the one end no rule can share with UTC+12', () => {
    // Midnight of November 30 at UTC-12 is the same instant as midnight of December 1 at UTC+12.
    expect(pickedIn('Etc/GMT+12', 2026, 10, 30)).toBe(pickedIn('Etc/GMT-12', 2026, 11, 1));
    expect(pickedCalendarDay(pickedIn('Etc/GMT+12', 2026, 10, 30))).toBe('2026-12-01');
  });

  it('keeps a plain day, and leaves what is not an instant for the schema to refuse', () => {
    expect(pickedCalendarDay('2026-11-30')).toBe('2026-11-30');
    expect(pickedCalendarDay('not a date')).toBe('not a date');
  });
});

describe('days counted by arithmetic (the workshop calendar asks hundreds a request)', () => {
  const byDate = (day: string) => new Date(`${day}T12:00:00Z`);
  // Every day from 1899 to 2101: leap years, the century rules (1900 and 2100 are not leap years, 2000 is) and
  // every month boundary.
  const days: string[] = [];
  for (let t = Date.UTC(1899, 0, 1); t <= Date.UTC(2101, 11, 31); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));

  it('knows a Sunday as the calendar does, on every day of two centuries', () => {
    const wrong = days.filter((day) => isSunday(day) !== (byDate(day).getUTCDay() === 0));
    expect(wrong).toEqual([]);
  });

  it('calls nothing a Sunday that is not a day', () => {
    for (const value of ['', 'x', '2026-13-06', '2026-00-06', '2026-12-6', 'abcd-12-06', '2026-12-06T00:00']) expect(isSunday(value), value).toBe(false);
    expect(isSunday('2026-12-06')).toBe(true);
  });

  it('moves a day on and back across months, years and leap days', () => {
    const wrong = days.filter((day, i) => i + 400 < days.length && (addDays(day, 400) !== days[i + 400] || addDays(days[i + 400]!, -400) !== day));
    expect(wrong).toEqual([]);
    // Short steps stay in the month mostly (written without a Date there): every day, by each step up to four weeks.
    for (const step of [1, 2, 7, 20, 27]) {
      const steps = days.filter((day, i) => i + step < days.length && (addDays(day, step) !== days[i + step] || addDays(days[i + step]!, -step) !== day));
      expect(steps, `by ${step}`).toEqual([]);
    }
    expect(addDays('2026-03-09', 0)).toBe('2026-03-09');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // Two centuries of days, six ways: about a second alone, past vitest's 5 s when CI's other stages share the cores.
  }, 30_000);
});
