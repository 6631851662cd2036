import { describe, expect, it } from 'vitest';
import { formatDays, formatMinutes, formatShare, periodLabel, shareOf } from './report-format';

describe('report figures as text', () => {
  it('writes opening minutes as hours and minutes', () => {
    expect(formatMinutes(150)).toBe('2 h 30 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(89.5)).toBe('1 h 30 min');
    expect(formatMinutes(0)).toBe('0 min');
  });
  it('writes shares in percent to one decimal', () => {
    expect(formatShare(2 / 6)).toBe('33.3%');
    expect(formatShare(0.5)).toBe('50%');
    expect(formatShare(0)).toBe('0%');
    expect(shareOf(1, 3)).toBe('33.3%');
    expect(shareOf(0, 0)).toBe('—');
  });
  it('writes days with the noun agreeing', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(43.7)).toBe('43.7 days');
    expect(formatDays(0)).toBe('0 days');
  });
  it('names a whole month by its name and any other period by its days', () => {
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-30' })).toBe('November 2026');
    expect(periodLabel({ from: '2026-02-01', to: '2026-02-28' })).toBe('February 2026');
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-14' })).toBe('Nov 1 – Nov 14, 2026');
    expect(periodLabel({ from: '2026-11-02', to: '2026-11-08' })).toBe('Nov 2 – Nov 8, 2026');
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-01' })).toBe('Nov 1, 2026');
    expect(periodLabel({ from: '2026-12-28', to: '2027-01-03' })).toBe('Dec 28, 2026 – Jan 3, 2027');
  });
});
