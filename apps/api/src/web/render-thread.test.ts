// Server renders in a worker thread (PAGE_RENDER_THREADS, decision 021): the page is the thread's, its
// API reads are the main thread's, made as the visitor it renders for; a render that fails or a thread
// that stops costs that page its render (the app shell goes out), never the server.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { createVehicles } from '../test/factories';
import { FAKE_TEMPLATE, fakeWebBuild } from '../test/fake-web-build';
import { ENTRY_SERVER_FILE, SERVER_BUNDLE_DIR, type ServerPage } from './entry-server';
import { renderInThreads } from './render-thread';

/** A stand-in renderer that names the thread it runs in, reads the listings, fails, redirects or stops on request. */
const ENTRY_SERVER = `
import { threadId } from 'node:worker_threads';
let fetchApi;
export function setApiFetch(fetcher) { fetchApi = fetcher; }
export function pageAddress(url) {
  return /^\\/account(\\/|$)/.test(url.pathname) ? null : url.pathname + url.search;
}
export async function render(request) {
  const url = new URL(request.url);
  if (url.pathname === '/moved') return new Response(null, { status: 301, headers: { location: '/vehicle-sales' } });
  if (url.pathname === '/broken') throw new Error('the render failed');
  if (url.pathname === '/stop') process.exit(3);
  if (url.pathname === '/empty') return null;
  if (url.pathname === '/stuck') for (;;);
  if (url.pathname === '/hoard') { const kept = []; for (;;) kept.push(new Array(1e5).fill(kept.length)); }
  const res = await fetchApi('/api/vehicles', { method: 'GET' });
  const read = res.status === 200 ? (await res.json()).data.map((v) => v.title).join(', ') : 'refused ' + res.status;
  return {
    status: url.pathname === '/nowhere' ? 404 : 200,
    html: '<p>thread ' + threadId + '</p><p>' + read + '</p><p>' + request.headers.get('accept') + '</p>',
    state: '<script type="application/json" id="ssr-state">{"caf\\u00e9":1}</script>',
    head: '<meta name="rendered" content="' + url.pathname + '">',
  };
}
`;

describe('server renders in a worker thread', () => {
  let ctx: TestContext;
  let web: Awaited<ReturnType<typeof fakeWebBuild>>;
  let visitors = 0;
  // API_RATE_LIMIT is 3 a minute: a page is asked from an address of its own unless the test names one.
  const page = (url: string, remoteAddress = `198.51.100.${(visitors += 1)}`) => ctx.app.inject({ method: 'GET', url, remoteAddress });
  const threadOf = (body: string) => /<p>thread (\d+)<\/p>/.exec(body)?.[1];
  /** A stopped thread's successor starts a second after the stop. */
  const restartDelay = () => new Promise((resolve) => setTimeout(resolve, 1_100));

  /** The stand-in renderer in a thread of its own, outside the app: its API reads answer `listings`; its threads' stops land in `stopped`. */
  function standInThread(timeoutMs: number, listings: { title: string }[]) {
    const stopped: Error[] = [];
    const local = { pageAddress: () => null, render: async () => null, setApiFetch: () => undefined };
    const entry = renderInThreads(path.join(web.distDir, SERVER_BUNDLE_DIR, ENTRY_SERVER_FILE), local, 1, (error) => stopped.push(error), timeoutMs);
    entry.setApiFetch(async () => new Response(JSON.stringify({ data: listings }), { status: 200, headers: { 'content-type': 'application/json' } }));
    return { entry, stopped };
  }

  beforeAll(async () => {
    web = await fakeWebBuild({ entryServer: ENTRY_SERVER });
    ctx = await createTestApp({ config: { WEB_DIST_DIR: web.distDir, PAGE_RENDER_THREADS: 1, API_RATE_LIMIT: 3 } });
    await createVehicles(ctx, [{ title: 'Threaded Volvo', status: 'available' }]);
  });
  afterAll(async () => {
    await ctx.close();
    await web.remove();
  });

  it("renders a page in another thread from the API answers the main thread reads, into the page's template", async () => {
    const res = await page('/vehicle-sales?page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(threadOf(res.body))).toBeGreaterThan(0);
    expect(res.body).toBe(
      FAKE_TEMPLATE.replace('</head>', '<meta name="rendered" content="/vehicle-sales"></head>').replace(
        '<div id="root"></div>',
        `<div id="root"><p>thread ${threadOf(res.body)}</p><p>Threaded Volvo</p><p>text/html</p></div><script type="application/json" id="ssr-state">{"café":1}</script>`,
      ),
    );
    expect((await page('/nowhere')).statusCode).toBe(404);
  });

  it("makes each API read of a render as the visitor it renders for, counted against that visitor's own limit", async () => {
    // Each page below is a new render with one API read.
    const reads = [];
    for (let n = 1; n <= 4; n++) reads.push(/<p>(Threaded Volvo|refused \d+)<\/p>/.exec((await page(`/vehicle-sales?page=${10 + n}`, '203.0.113.7')).body)?.[1]);
    expect(reads).toEqual(['Threaded Volvo', 'Threaded Volvo', 'Threaded Volvo', 'refused 429']);
    expect((await page('/vehicle-sales?page=15', '203.0.113.8')).body).toContain('<p>Threaded Volvo</p>');
  });

  it("redirects as the render says, and sends the app shell for a page it leaves to the browser or cannot render", async () => {
    const moved = await page('/moved');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/vehicle-sales');
    expect((await page('/empty')).body).toBe(FAKE_TEMPLATE);
    const broken = await page('/broken');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(FAKE_TEMPLATE);
    expect(threadOf((await page('/vehicle-sales?page=3')).body)).toBeDefined();
  });

  it('answers a page whose thread stopped with the app shell, logs it once, and renders again in a new thread a second later', async () => {
    const before = threadOf((await page('/vehicle-sales?page=4')).body);
    const logged = vi.spyOn(ctx.app.log, 'error');
    const stopped = await page('/stop');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toBe(FAKE_TEMPLATE);
    expect(logged.mock.calls.filter(([, message]) => String(message).includes('a page render thread stopped'))).toHaveLength(1);
    // While the new thread is not started, pages go out as the shell, and the API answers as ever.
    expect((await page('/vehicle-sales?page=5')).body).toBe(FAKE_TEMPLATE);
    expect((await page('/api/health')).statusCode).toBe(200);
    await restartDelay();
    const after = threadOf((await page('/vehicle-sales?page=6')).body);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    logged.mockRestore();
  });

  it('stops only the thread of a render that fills its heap, and renders in a new one after', async () => {
    const { entry, stopped } = standInThread(60_000, []);
    try {
      await expect(entry.render(new Request('http://localhost/hoard'))).rejects.toThrow();
      expect(stopped).toHaveLength(1);
      expect(String(stopped[0])).toMatch(/out of memory|ERR_WORKER_OUT_OF_MEMORY|exit code/i);
      await restartDelay();
      expect(await entry.render(new Request('http://localhost/vehicle-sales'))).toMatchObject({ status: 200 });
    } finally {
      await entry.close();
    }
  });

  it('stops a thread whose render runs past its time, renders in a new one after, and renders nothing once closed', async () => {
    // The time counts from the render's request, a new thread's start included: 3 s leaves room for a start on a busy machine.
    const { entry, stopped } = standInThread(3_000, [{ title: 'Kept Saab – Škoda' }]);
    try {
      await expect(entry.render(new Request('http://localhost/stuck'))).rejects.toThrow('A page render ran longer than 3000 ms: its thread was stopped');
      expect(stopped).toHaveLength(1);
      // Until the new thread starts, a page renders nothing (the app shell goes out).
      expect(await entry.render(new Request('http://localhost/vehicle-sales'))).toBeNull();
      await restartDelay();
      const page = (await entry.render(new Request('http://localhost/vehicle-sales', { headers: { accept: 'text/html' } }))) as ServerPage;
      expect(page.status).toBe(200);
      // The markup comes over as its UTF-8 bytes (two-byte text too).
      expect(page.html).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(page.html).toString('utf8')).toContain('<p>Kept Saab – Škoda</p><p>text/html</p>');
    } finally {
      await entry.close();
    }
    expect(await entry.render(new Request('http://localhost/vehicle-sales'))).toBeNull();
    expect(stopped).toHaveLength(1);
  });
});
