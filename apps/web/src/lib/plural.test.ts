import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('uses the singular for exactly one', () => {
    expect(countOf(1, 'Vehicle')).toBe('1 Vehicle');
  });
  it('uses the plural for zero and many, with thousands separators', () => {
    expect(countOf(0, 'Vehicle')).toBe('0 Vehicles');
    expect(countOf(1234, 'record')).toBe('1,234 records');
  });
  it('takes an irregular plural', () => {
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});
