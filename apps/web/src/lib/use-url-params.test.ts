import { describe, expect, it } from 'vitest';
import { filledValues, readUrlParams } from './use-url-params';

describe('filledValues', () => {
  it('leaves out the filters left empty, keeping the keys', () => {
    const { values } = readUrlParams(new URLSearchParams('search=ford&dateTo='), ['search', 'dateFrom', 'dateTo']);
    expect(filledValues(values)).toEqual({ search: 'ford', dateFrom: undefined, dateTo: undefined });
    expect(Object.keys(filledValues(values))).toEqual(['search', 'dateFrom', 'dateTo']);
  });
});
