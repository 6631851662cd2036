import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ENTRY_SERVER_FILE, SERVER_BUNDLE_DIR } from '../web/entry-server';

export const FAKE_TEMPLATE = '<!doctype html><html><head><title>Apex Motors</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the web build's server renderer (the real one: apps/web/src/entry-server.tsx, end to
 * end in apps/web/e2e/ssr.spec.ts). Like the real one, `pageAddress` leaves the admin and account pages
 * to the browser in any letter case, and keeps only what a list reads (`make`, `search`, `page`); the
 * render reads the listings those ask for through the API and shows the address it was given, so a
 * page rendered for other input shows. It counts its renders, the most at once, and may be slowed or padded.
 */
export const FAKE_ENTRY_SERVER = `
let fetchApi;
const READS = ['make', 'search', 'page'];
const stats = (globalThis.fakeRenders ??= { count: 0, active: 0, mostAtOnce: 0, delayMs: 0, padBytes: 0 });
export function setApiFetch(fetcher) { fetchApi = fetcher; }
export function pageAddress(url) {
  if (/^\\/(admin|account)(\\/|$)/i.test(decodeURIComponent(url.pathname))) return null;
  const kept = new URLSearchParams([...url.searchParams].filter(([name]) => READS.includes(name)));
  kept.sort();
  const search = kept.toString();
  return search ? url.pathname + '?' + search : url.pathname;
}
export async function render(request) {
  stats.count += 1;
  stats.active += 1;
  stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.active);
  try {
    if (stats.delayMs) await new Promise((resolve) => setTimeout(resolve, stats.delayMs));
    const url = new URL(request.url);
    const query = new URLSearchParams();
    for (const name of READS) if (url.searchParams.get(name)) query.set(name, url.searchParams.get(name));
    const res = await fetchApi('/api/vehicles?' + query, { method: 'GET' });
    const body = await res.json();
    const titles = res.status === 200 ? body.data.map((v) => v.title).join(', ') : 'refused ' + res.status;
    const padding = stats.padBytes ? '<!--' + 'x'.repeat(stats.padBytes) + '-->' : '';
    return { status: 200, html: '<p>' + url.pathname + url.search + '</p><p>' + titles + '</p>' + padding, state: '', head: '' };
  } finally {
    stats.active -= 1;
  }
}
`;

export interface FakeRenderStats {
  count: number;
  active: number;
  mostAtOnce: number;
  delayMs: number;
  /** Bytes of padding in each page. */
  padBytes: number;
}
export const fakeRenders = (): FakeRenderStats => ((globalThis as { fakeRenders?: FakeRenderStats }).fakeRenders ??= { count: 0, active: 0, mostAtOnce: 0, delayMs: 0, padBytes: 0 });

/** A web build folder with the template and the stand-in renderer (or `entryServer`); `remove()` deletes it. */
export async function fakeWebBuild(options: { renderer?: boolean; entryServer?: string } = {}) {
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-web-'));
  await writeFile(path.join(distDir, 'index.html'), FAKE_TEMPLATE);
  if (options.renderer ?? true) {
    await mkdir(path.join(distDir, SERVER_BUNDLE_DIR));
    await writeFile(path.join(distDir, SERVER_BUNDLE_DIR, ENTRY_SERVER_FILE), options.entryServer ?? FAKE_ENTRY_SERVER);
  }
  return { distDir, remove: () => rm(distDir, { recursive: true, force: true }) };
}
