import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatMileage, formatPrice, formatWeekdayDate, shortId } from './format';

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
