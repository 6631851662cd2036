import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', WORKSHOP_TZ: 'America/New_York', SLOT_CAPACITY: 2, PAGE_RENDERS_PER_MINUTE: 60, PAGE_RENDER_CONCURRENCY: 16, PAGE_RENDER_THREADS: 1 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc', 'PORT="abc": must be a whole number between 1 and 65535'],
    ['PORT', '70000', 'PORT="70000": must be a whole number between 1 and 65535'],
    ['DATABASE_URL', 'mysql://localhost/db', 'DATABASE_URL="mysql://localhost/db": must be a PostgreSQL URL'],
    ['WORKSHOP_TZ', 'Mars/Olympus', 'WORKSHOP_TZ="Mars/Olympus": must be an IANA time zone'],
    ['SLOT_CAPACITY', '0', 'SLOT_CAPACITY="0": must be a positive whole number'],
    ['PAGE_RENDERS_PER_MINUTE', '0', 'PAGE_RENDERS_PER_MINUTE="0": must be a positive whole number'],
    ['PAGE_RENDER_CONCURRENCY', 'many', 'PAGE_RENDER_CONCURRENCY="many": must be a positive whole number'],
    ['PAGE_RENDER_THREADS', '9', 'PAGE_RENDER_THREADS="9": must be a whole number from 0 to 8 (0 renders in the main thread)'],
    ['PAGE_RENDER_THREADS', '-1', 'PAGE_RENDER_THREADS="-1": must be a whole number from 0 to 8 (0 renders in the main thread)'],
    ['JWT_SECRET', 'short', 'JWT_SECRET="short": must be at least 32 characters'],
  ])('refuses %s=%s with a one-line message', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads a relative WEB_DIST_DIR from where the server starts (the static file server wants an absolute folder)', () => {
    expect(loadConfig({ WEB_DIST_DIR: 'apps/web/dist' }).WEB_DIST_DIR).toBe(path.resolve('apps/web/dist'));
    expect(loadConfig({ WEB_DIST_DIR: '/srv/web' }).WEB_DIST_DIR).toBe('/srv/web');
    expect(loadConfig({ WEB_DIST_DIR: '' }).WEB_DIST_DIR).toBeUndefined();
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.300', 'proxy.example.com', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(`TRUST_PROXY="${bad}": must be false, true, a number of proxy hops`);
    }
  });

  it('lists every bad value at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message.split('\n')).toHaveLength(3);
    }
  });

  it('stops the server start with the message and exit code 1', () => {
    const server = path.join(import.meta.dirname, 'server.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 80_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="not-a-port": must be a whole number between 1 and 65535');
  });

  it('stops with a clear message when DATABASE_URL cannot be reached', () => {
    const server = path.join(import.meta.dirname, 'server.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { ...process.env, PORT: '39999', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 80_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Cannot open DATABASE_URL (postgres://nobody@127.0.0.1:1/none)');
  });
});
