import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('database and log settings', () => {
  it('have defaults', () => {
    const config = loadConfig({});
    expect(config.DATABASE_POOL_SIZE).toBe(10);
    expect(config.DATABASE_CONNECT_TIMEOUT_MS).toBe(5000);
    expect(config.DATABASE_STATEMENT_TIMEOUT_MS).toBe(30_000);
    expect(config.PGLITE_CACHE_MB).toBe(8);
    expect(config.LOG_FORMAT).toBe('json');
  });

  it('accept valid values, 0 for no statement limit', () => {
    const config = loadConfig({
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      PGLITE_CACHE_MB: '64',
      LOG_FORMAT: 'pretty',
    });
    expect(config).toMatchObject({
      DATABASE_STATEMENT_TIMEOUT_MS: 0,
      DATABASE_CONNECT_TIMEOUT_MS: 1500,
      PGLITE_CACHE_MB: 64,
      LOG_FORMAT: 'pretty',
    });
  });

  it.each([
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE="0": must be a positive whole number'],
    ['DATABASE_CONNECT_TIMEOUT_MS', 'soon', 'DATABASE_CONNECT_TIMEOUT_MS="soon": must be a positive whole number'],
    [
      'DATABASE_STATEMENT_TIMEOUT_MS',
      '-1',
      'DATABASE_STATEMENT_TIMEOUT_MS="-1": must be a whole number of milliseconds (0 for no limit)',
    ],
    ['PGLITE_CACHE_MB', '1.5', 'PGLITE_CACHE_MB="1.5": must be a positive whole number'],
    ['LOG_FORMAT', 'xml', 'LOG_FORMAT="xml"'],
  ])('refuse %s=%s with a clear message', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
