import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { createUser, createVehicles } from '../test/factories';
import { PUBLIC_CACHE_CONTROL, PUBLIC_CDN_CACHE_CONTROL } from '../http/public-cache';
import { PRIVATE_PAGE_CACHE_CONTROL } from './page-renderer';

const BOOT_SCRIPT = 'document.title = "booted"';
const TEMPLATE = `<!doctype html><html><head><title>Apex Motors</title><meta name="app-entry" content="/assets/index.js"><script>${BOOT_SCRIPT}</script></head><body><div id="root"></div></body></html>`;

/**
 * A stand-in for the web build's server renderer (the real one is tested end to end in
 * apps/web/e2e/ssr.spec.ts): it reads the listings through the API it is given and counts its renders.
 */
const ENTRY_SERVER = `
let fetchApi;
export function setApiFetch(fetcher) { fetchApi = fetcher; }
export function pageAddress(url) {
  if (new RegExp('^/(admin|account|login|register|forgot-password|reset-password|saved)(/|$)', 'i').test(url.pathname)) return null;
  const kept = new URLSearchParams([...url.searchParams].filter(([name]) => name === 'make' || name === 'page'));
  kept.sort();
  return kept.size ? url.pathname + '?' + kept : url.pathname;
}
/** A page past the compression threshold, not so regular that every effort compresses it alike. */
function longText() {
  let text = '';
  for (let i = 0; i < 600; i += 1) text += '<li>Listing ' + ((i * 7919) % 1009) + ': ' + (i % 3 ? 'Volvo' : 'Škoda') + ' ' + (1990 + (i * 31) % 35) + '</li>';
  return '<ul>' + text + '</ul>';
}
export async function render(request) {
  const url = new URL(request.url);
  if (url.pathname === '/moved') return new Response(null, { status: 302, headers: { location: '/about' } });
  if (url.pathname === '/broken') throw new Error('render failed');
  const res = await fetchApi('/api/vehicles?limit=50', { method: 'GET' });
  const titles = (await res.json()).data.map((v) => v.title).join(', ');
  globalThis.ssrRenders = (globalThis.ssrRenders ?? 0) + 1;
  return {
    status: url.pathname === '/nowhere' || url.pathname === '/vehicles/pending-one' ? 404 : 200,
    html: '<h1>' + url.pathname + '</h1><p>' + titles + '</p><p>Mon\u2013Sat, caf\u00e9</p>' + (url.pathname === '/long' ? longText() : ''),
    state: '<script type="application/json" id="ssr-state">{}</script>',
    head: '<link rel="preload" as="image" href="/cover.webp" fetchpriority="high" />',
  };
}
`;

const renders = () => (globalThis as { ssrRenders?: number }).ssrRenders ?? 0;

describe('server rendering of visitor pages', () => {
  let ctx: TestContext;
  let distDir: string;
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-web-'));
    await mkdir(path.join(distDir, 'server'));
    await mkdir(path.join(distDir, '.vite'));
    await writeFile(path.join(distDir, '.vite', 'manifest.json'), '{}');
    await writeFile(path.join(distDir, 'index.html'), TEMPLATE);
    await writeFile(path.join(distDir, 'server', 'entry-server.js'), ENTRY_SERVER);
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 5_000, WEB_DIST_DIR: distDir } });
    await createVehicles(ctx, [{ title: 'Rendered Volvo', status: 'available' }]);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it("allows the template's inline boot script by its hash, and no other inline script", async () => {
    const res = await get('/about');
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1];
    expect(scriptSrc).toBe(`'self' 'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`);
    expect(res.body).toContain(`<script>${BOOT_SCRIPT}</script>`);
  });

  it('renders a visitor page into the template with the data it read from the API', async () => {
    const res = await get('/vehicle-sales?page=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // The page is the template with the render's head before </head>, its markup in the root and its data after it, in UTF-8.
    const head = '<link rel="preload" as="image" href="/cover.webp" fetchpriority="high" />';
    const markup = '<h1>/vehicle-sales</h1><p>Rendered Volvo</p><p>Mon\u2013Sat, caf\u00e9</p>';
    const state = '<script type="application/json" id="ssr-state">{}</script>';
    expect(res.body).toBe(TEMPLATE.replace('</head>', `${head}</head>`).replace('<div id="root"></div>', `<div id="root">${markup}</div>${state}`));
    expect(res.rawPayload.equals(Buffer.from(res.body))).toBe(true);
  });

  it('lets a CDN keep an anonymous page for a second, with an ETag that revalidates', async () => {
    const res = await get('/about');
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers['cdn-cache-control']).toBe(PUBLIC_CDN_CACHE_CONTROL);
    expect(res.headers.vary).toContain('Authorization');
    expect(res.headers.vary).toContain('Cookie');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/about', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses a page quickly for its first visitor and well once it is asked for again', async () => {
    const brotli = { 'accept-encoding': 'gzip, deflate, br' };
    const plain = await get('/long');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const first = await get('/long', brotli);
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    const again = await get('/long', brotli);
    expect(brotliDecompressSync(again.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(again.rawPayload.length).toBeLessThan(first.rawPayload.length);
    expect(again.headers.etag).toBe(first.headers.etag);
    // Compressed well once: every later visitor gets those bytes.
    expect((await get('/long', brotli)).rawPayload.equals(again.rawPayload)).toBe(true);
  });

  it('never lets a shared cache store the page of a request with credentials', async () => {
    const user = await createUser(ctx);
    for (const headers of [user.auth, { cookie: `theme=dark; accessToken=${user.token}` }]) {
      const res = await get('/about', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PRIVATE_PAGE_CACHE_CONTROL);
      expect(res.headers.etag).toBeUndefined();
      expect(res.body).toContain('<h1>/about</h1>');
    }
    // Any other cookie is not a credential.
    expect((await get('/about', { cookie: 'theme=dark' })).headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
  });

  it('renders a URL once per lifetime, the same query in any order, until public data changes', async () => {
    await get('/vehicles?make=Volvo&page=2');
    const before = renders();
    const same = await Promise.all([get('/vehicles?page=2&make=Volvo'), get('/vehicles?make=Volvo&page=2')]);
    expect(same.every((res) => res.statusCode === 200)).toBe(true);
    expect(renders()).toBe(before);
    await ctx.app.deps.changes.publish();
    await get('/vehicles?make=Volvo&page=2');
    expect(renders()).toBe(before + 1);
  });

  it('answers the status the render chose (an unknown page is a 404 with its page)', async () => {
    const res = await get('/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>/nowhere</h1>');
  });

  it("sends a signed-in browser the app shell for a listing it may see but a visitor may not", async () => {
    const anonymous = await get('/vehicles/pending-one');
    expect(anonymous.statusCode).toBe(404);
    const signedIn = await ctx.app.inject({ method: 'GET', url: '/vehicles/pending-one', headers: { cookie: 'accessToken=abc' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(TEMPLATE);
    const unknownPage = await ctx.app.inject({ method: 'GET', url: '/nowhere', headers: { cookie: 'accessToken=abc' } });
    expect(unknownPage.statusCode).toBe(404);
  });

  it('follows a redirect of a route loader, and sends the app shell when rendering fails', async () => {
    const moved = await get('/moved');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/about');
    const broken = await get('/broken');
    expect(broken.statusCode).toBe(200);
    expect(broken.headers['cache-control']).toBe('no-cache');
    expect(broken.body).toBe(TEMPLATE);
  });

  it('sends account, admin and sign-in pages as the app shell for the browser to render', async () => {
    for (const url of ['/admin', '/admin/vehicles', '/account/profile', '/login', '/saved']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(TEMPLATE);
    }
  });

  it('does not serve the renderer bundle or the build manifest to browsers', async () => {
    expect((await get('/server/entry-server.js')).statusCode).toBe(404);
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it("serves the build's files as they are named: hashed assets for a year, the others for an hour", async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg?v=2');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await ctx.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    for (const url of ['/assets/missing.js', '/ASSETS/index-abc123.js', '/%2e%2e/package.json']) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('<svg');
    }
  });
});
