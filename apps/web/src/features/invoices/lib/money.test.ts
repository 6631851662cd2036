import { describe, expect, it } from 'vitest';
import { formatCents, formatQuantity, formatRate, parseCents } from './money';

describe('invoice money on screen', () => {
  it('reads dollars typed into whole cents without floating point', () => {
    expect(parseCents('171.04')).toBe(17_104);
    expect(parseCents('$1,234.5')).toBe(123_450);
    expect(parseCents('80')).toBe(8000);
    expect(parseCents('0.29')).toBe(29);
    for (const bad of ['', '-5', '1.234', 'ten', '1.2.3']) expect(parseCents(bad)).toBeNull();
  });

  it('shows cents, rates and quantities', () => {
    expect(formatCents(17_104)).toBe('$171.04');
    expect(formatCents(-5413)).toBe('-$54.13');
    expect(formatRate(825)).toBe('8.25%');
    expect(formatRate(1000)).toBe('10%');
    expect(formatQuantity(150)).toBe('1.5');
    expect(formatQuantity(200)).toBe('2');
  });
});
