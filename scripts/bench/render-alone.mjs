#!/usr/bin/env node
// A list page's server render alone, in this process: no HTTP, no main thread, no other request. The web
// build's renderer renders /vehicle-sales?page=N for N in 1..RENDER_PAGES, its API answers read once from a running
// server (RENDER_API: one whose per-address limit lets the first renders read, e.g. started with
// API_RATE_LIMIT=100000000) and then replayed as the render thread hands them over
// (a Response without a body stream). Prints the wall time and the CPU time (every thread of the process, V8's
// garbage collection helpers included) a render takes.
//
// RENDER_HEAP=1 adds the bytes a render allocates, by function (V8's sampling heap profiler, objects collected
// since included); RENDER_CPU_PROFILE=<file> writes a .cpuprofile of the measured renders (0.1 ms sampling).
// Environment: RENDER_API (default http://127.0.0.1:3000), WEB_DIST_DIR (default apps/web/dist), RENDER_COUNT
// (renders measured, default 2000), RENDER_PAGES (distinct pages, default 200, at most the list has).
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const API = process.env.RENDER_API ?? 'http://127.0.0.1:3000';
const WEB = path.resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const COUNT = Number(process.env.RENDER_COUNT ?? 2000);
const ASKED_PAGES = Number(process.env.RENDER_PAGES ?? 200);
const CPU_PROFILE = process.env.RENDER_CPU_PROFILE;
const HEAP = process.env.RENDER_HEAP === '1';

const entry = await import(pathToFileURL(path.join(WEB, 'server/entry-server.js')).href);
const answers = new Map();
entry.setApiFetch(async (url, init) => {
  let answer = answers.get(url);
  if (!answer) {
    const res = await fetch(API + url, { method: init?.method ?? 'GET' });
    if (res.status === 429) throw new Error(`${API} refused ${url} (429): start it with a higher API_RATE_LIMIT`);
    answer = { status: res.status, body: await res.text() };
    answers.set(url, answer);
  }
  // As apps/api/src/web/render-thread.ts hands an answer to the renderer.
  const res = new Response(null, { status: answer.status, headers: { 'content-type': 'application/json' } });
  res.json = () => Promise.resolve(answer.body).then((text) => JSON.parse(text));
  return res;
});

// Pages past the list's last render an empty list (a third of a full page's work): on the demo data's 27 listings
// the default 200 pages were mostly those. Only the list's own pages are rendered.
const listed = await fetch(`${API}/api/vehicles?limit=12`);
if (!listed.ok) throw new Error(`${API}/api/vehicles answered ${listed.status}: is the server up, with a high API_RATE_LIMIT?`);
const PAGES = Math.max(1, Math.min(ASKED_PAGES, (await listed.json()).meta.pageCount));
if (PAGES < ASKED_PAGES) console.log(`The list has ${PAGES} pages: rendering those (RENDER_PAGES asked for ${ASKED_PAGES}).`);
const pageUrl = (i) => `http://localhost/vehicle-sales?page=${1 + (i % PAGES)}`;
// Every answer read once, then the renderer warmed up (optimized code, settled heap).
for (let i = 0; i < PAGES + 300; i += 1) await entry.render(new Request(pageUrl(i)));

const session = new Session();
session.connect();
if (HEAP) await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
if (CPU_PROFILE) {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}
const cpuBefore = process.cpuUsage();
const started = performance.now();
let chars = 0;
for (let i = 0; i < COUNT; i += 1) {
  const page = await entry.render(new Request(pageUrl(i)));
  if (!page || page instanceof Response) throw new Error(`${pageUrl(i)} did not render (is ${API} up?)`);
  chars += page.html.length + page.state.length + page.head.length;
}
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
console.log(
  `${COUNT} renders of ${PAGES} pages: ${Math.round((wallMs / COUNT) * 1000)} µs wall, ${Math.round((cpu.user + cpu.system) / COUNT)} µs CPU (all threads) a render, ${Math.round(chars / COUNT)} characters`,
);
if (CPU_PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  await writeFile(CPU_PROFILE, JSON.stringify(profile));
  console.log(`CPU profile in ${CPU_PROFILE}`);
}
if (HEAP) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const bytes = new Map();
  const visit = (node) => {
    const frame = node.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    bytes.set(name, (bytes.get(name) ?? 0) + node.selfSize);
    node.children.forEach(visit);
  };
  visit(profile.head);
  const total = [...bytes.values()].reduce((sum, n) => sum + n, 0);
  console.log(`about ${Math.round(total / COUNT / 1024)} KB allocated a render (sampled); the most by function:`);
  for (const [name, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(n / COUNT / 1024).toFixed(1).padStart(8)} KB  ${name}`);
}
session.disconnect();
