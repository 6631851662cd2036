import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatMileage, formatNumber, formatPrice, formatWeekdayDate, shortId } from './format';

describe('formatters', () => {
  it('formats dollars with thousands separators', () => {
    expect(formatPrice(25000)).toBe('$25,000');
    expect(formatPrice(1234567.5)).toBe('$1,234,567.50');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(null)).toBe('');
  });

  it('formats miles', () => {
    expect(formatMileage(12000)).toBe('12,000 mi');
    expect(formatMileage(null)).toBe('N/A');
  });

  it('formats en-US long dates, reading calendar dates as that day', () => {
    expect(formatLongDate('2024-03-05')).toBe('March 5, 2024');
    expect(formatLongDate('')).toBe('');
  });

  it('formats YYYY-MM-DD HH:mm', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7))).toBe('March 5, 2024, 2:07 PM');
    expect(formatDateTime(new Date(2024, 2, 5, 0, 30))).toBe('March 5, 2024, 12:30 AM');
  });

  it('slices ids as the screens show them', () => {
    const id = '0123456789abcdefghijklmnop';
    expect(shortId.vehicle(id)).toBe('01234567');
    expect(shortId.maintenance(id)).toBe('ghijklmnop'.slice(-8));
    expect(shortId.dashboard(id)).toBe('89abcdefg');
  });
});

describe('formatWeekdayDate', () => {
  it('names the weekday, month, day and year of a calendar date wherever the code runs', () => {
    expect(formatWeekdayDate('2026-11-30')).toBe('Monday, November 30, 2026');
    expect(formatWeekdayDate('2026-03-08')).toBe('Sunday, March 8, 2026');
    expect(formatWeekdayDate('not a date')).toBe('not a date');
  });
});

describe('formatters written out without Intl', () => {
  // The page's first Intl formatter costs a phone tens of milliseconds (format.ts): ours must say what Intl says.
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const edges = [0, -0, 1, -1, 0.5, -0.5, 1.005, 2.675, 1.5, 2.5, -2.5, 0.004, -0.004, 0.995, 999.995, 999, 1000, 9999.5, 123456.785, -1234567.891, 99_999_999, 2 ** 31, 999_999_999_999_999, 1e15, 1e21, 1.7976931348623157e308];
  const random = Array.from({ length: 2000 }, (_, i) => {
    const magnitude = 10 ** ((i % 14) - 2);
    return (Math.random() - 0.3) * magnitude;
  });

  it('writes prices and numbers as Intl en-US does', () => {
    for (const n of [...edges, ...random, ...random.map(Math.round)]) {
      expect(formatPrice(n), String(n)).toBe(Number.isInteger(n) ? dollars.format(n) : cents.format(n));
      expect(formatNumber(n), String(n)).toBe(whole.format(n));
    }
    expect(formatNumber(Number.NaN)).toBe(whole.format(Number.NaN));
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe(whole.format(Number.POSITIVE_INFINITY));
    expect(formatPrice('25000.5')).toBe('$25,000.50');
  });

  it('writes dates as toLocaleDateString en-US does', () => {
    for (let day = 0; day < 800; day += 1) {
      const date = new Date(Date.UTC(1999, 0, 1) + day * 86_400_000 * 17.3);
      const iso = date.toISOString().slice(0, 10);
      expect(formatLongDate(date)).toBe(date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
      expect(formatWeekdayDate(iso)).toBe(
        new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
      );
    }
    const ancient = new Date(-62198755200000); // year 0
    expect(formatLongDate(ancient)).toBe(ancient.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
  });
});
