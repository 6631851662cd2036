import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { createVehicles } from '../test/factories';

const TEMPLATE = '<!doctype html><html><head><title>Apex Motors</title></head><body><div id="root"></div></body></html>';

/** A stand-in for the web build's renderer: a listing's page reads the listing as the web app does. */
const ENTRY_SERVER = `
let fetchApi;
export function setApiFetch(fetcher) { fetchApi = fetcher; }
export function pageAddress(url) { return url.pathname; }
export async function render(request) {
  globalThis.vehiclePageRenders = (globalThis.vehiclePageRenders ?? 0) + 1;
  const id = new URL(request.url).pathname.split('/')[2];
  const res = await fetchApi('/api/vehicles/' + encodeURIComponent(id), { method: 'GET' });
  const body = await res.json();
  return {
    status: res.status === 200 ? 200 : 404,
    html: res.status === 200 ? '<h1>' + body.data.title + '</h1>' : '<h1>Vehicle Not Found</h1>',
    state: '',
    head: '',
  };
}
`;

const renders = () => (globalThis as { vehiclePageRenders?: number }).vehiclePageRenders ?? 0;

let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-web-'));
  await mkdir(path.join(distDir, 'server'));
  await writeFile(path.join(distDir, 'index.html'), TEMPLATE);
  await writeFile(path.join(distDir, 'server', 'entry-server.js'), ENTRY_SERVER);
});
afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describe('a server-rendered vehicle page', () => {
  let ctx: TestContext;
  let vehicleId: string;
  let pendingId: string;

  beforeAll(async () => {
    // No answer or page cache: every request reads and renders afresh.
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 0, WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://cars.example.com' } });
    [vehicleId, pendingId] = (await createVehicles(ctx, [
      { title: 'Rendered Saab', status: 'available' },
      { title: 'Hidden Lada', status: 'pending' },
    ])) as [string, string];
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('reads the listing once for both its meta tags and its render', async () => {
    const reads = vi.spyOn(ctx.app.services.vehicles, 'get');
    try {
      for (const prefix of ['/vehicles', '/vehicle']) {
        reads.mockClear();
        const res = await ctx.app.inject({ method: 'GET', url: `${prefix}/${vehicleId}` });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<title>Rendered Saab - ');
        expect(res.body).toContain(`<link rel="canonical" href="https://cars.example.com/vehicles/${vehicleId}" />`);
        expect(res.body).toContain('<div id="root"><h1>Rendered Saab</h1></div>');
        expect(reads).toHaveBeenCalledTimes(1);
      }
      reads.mockClear();
      const hidden = await ctx.app.inject({ method: 'GET', url: `/vehicles/${pendingId}` });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toContain('<h1>Vehicle Not Found</h1>');
      expect(hidden.body).not.toContain('Hidden Lada');
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('answers a failed read as the API answers it', async () => {
    const reads = vi.spyOn(ctx.app.services.vehicles, 'get').mockRejectedValueOnce(new Error('database gone'));
    try {
      const res = await ctx.app.inject({ method: 'GET', url: `/vehicles/${vehicleId}` });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).not.toContain('database gone');
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('a kept vehicle page', () => {
  let ctx: TestContext;
  let vehicleId: string;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 5_000, WEB_DIST_DIR: distDir } });
    [vehicleId] = (await createVehicles(ctx, [{ title: 'Kept Volvo', status: 'available' }])) as [string];
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is not kept when public data changed while its listing was read', async () => {
    const service = ctx.app.services.vehicles;
    const read = service.get.bind(service);
    // The change lands after the listing was read and before the page is rendered.
    const reads = vi.spyOn(service, 'get').mockImplementationOnce(async (...args) => {
      const vehicle = await read(...args);
      await ctx.app.deps.changes.publish();
      return vehicle;
    });
    try {
      await ctx.app.inject({ method: 'GET', url: `/vehicles/${vehicleId}` });
      const before = renders();
      await ctx.app.inject({ method: 'GET', url: `/vehicles/${vehicleId}` });
      expect(renders()).toBe(before + 1);
      // No change this time: kept.
      await ctx.app.inject({ method: 'GET', url: `/vehicles/${vehicleId}` });
      expect(renders()).toBe(before + 1);
    } finally {
      reads.mockRestore();
    }
  });
});
