// Server renders on demand (issue 23, item 11): distinct URLs from one address made 34-113 full renders
// a second. Page-cache misses count against a budget per client address, parameters a page does not
// read make no new page, and renders run a few at a time; past a limit the page goes out as the app
// shell, which the browser renders itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../infra/clock';
import { createTestApp, type TestContext } from '../test/harness';
import { createVehicles } from '../test/factories';
import { FAKE_TEMPLATE, fakeRenders, fakeWebBuild } from '../test/fake-web-build';

const clock = fixedClock('2026-03-02T12:00:00Z');

describe('server renders per client address and at once', () => {
  let ctx: TestContext;
  let web: Awaited<ReturnType<typeof fakeWebBuild>>;
  const page = (url: string, remoteAddress: string) => ctx.app.inject({ method: 'GET', url, remoteAddress });
  const rendered = (body: string) => body !== FAKE_TEMPLATE && body.includes('<div id="root"><p>');

  beforeAll(async () => {
    web = await fakeWebBuild();
    ctx = await createTestApp({
      clock,
      config: { PUBLIC_CACHE_MS: 60_000, WEB_DIST_DIR: web.distDir, PAGE_RENDERS_PER_MINUTE: 3, PAGE_RENDER_CONCURRENCY: 1 },
    });
    await createVehicles(ctx, [{ title: 'Limited Volvo', make: 'Volvo', status: 'available' }]);
  });
  afterAll(async () => {
    Object.assign(fakeRenders(), { delayMs: 0, padBytes: 0 });
    await ctx.close();
    await web.remove();
  });

  it('renders PAGE_RENDERS_PER_MINUTE new pages a minute for one address, then sends it the shell', async () => {
    const address = '198.51.100.1';
    for (const search of ['a1', 'a2', 'a3']) expect(rendered((await page(`/vehicles?search=${search}`, address)).body), search).toBe(true);
    const over = await page('/vehicles?search=a4', address);
    expect(over.statusCode).toBe(200);
    expect(over.headers['cache-control']).toBe('no-cache');
    expect(over.body).toBe(FAKE_TEMPLATE);
    // Another address has its own budget, and finds the kept pages.
    expect(rendered((await page('/vehicles?search=a1', '198.51.100.2')).body)).toBe(true);
    expect(rendered((await page('/vehicles?search=a5', '198.51.100.2')).body)).toBe(true);
    // A minute later the first address has its budget again.
    clock.advance(61_000);
    expect(rendered((await page('/vehicles?search=a4', address)).body)).toBe(true);
  });

  it('makes one page of an address whatever parameters the page does not read come with it', async () => {
    const before = fakeRenders().count;
    for (let v = 1; v <= 20; v++) expect(rendered((await page(`/about?v=${v}`, '198.51.100.3')).body), `v=${v}`).toBe(true);
    expect(fakeRenders().count).toBe(before + 1);
  });

  it('runs PAGE_RENDER_CONCURRENCY renders at once, lets 2 per slot wait, and sends the rest the shell', async () => {
    const stats = fakeRenders();
    stats.delayMs = 50;
    stats.mostAtOnce = 0;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => page(`/vehicles?search=burst${i}`, `203.0.113.${i + 1}`)));
    stats.delayMs = 0;
    expect(stats.mostAtOnce).toBe(1);
    expect(answers.filter((res) => rendered(res.body))).toHaveLength(3);
    expect(answers.filter((res) => res.body === FAKE_TEMPLATE)).toHaveLength(9);
  });

  it('keeps at most 32 MB of pages, forgetting the oldest first', async () => {
    const stats = fakeRenders();
    stats.padBytes = 1024 * 1024;
    const before = stats.count;
    // 40 pages of 1 MB, each from its own address (3 renders a minute each).
    for (let i = 0; i < 40; i++) expect(rendered((await page(`/vehicles?search=big${i}`, `192.0.2.${i + 1}`)).body)).toBe(true);
    expect(stats.count).toBe(before + 40);
    // The newest are still kept; the first were forgotten and render again.
    await page('/vehicles?search=big39', '192.0.2.100');
    expect(stats.count).toBe(before + 40);
    await page('/vehicles?search=big0', '192.0.2.100');
    expect(stats.count).toBe(before + 41);
    stats.padBytes = 0;
  });
});
