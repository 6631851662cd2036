#!/usr/bin/env node
// Lighthouse (mobile settings) on the home page, /vehicle-sales, a vehicle page and /maintenance of the production build.
//   npm run lighthouse            (builds first, then runs this script)
// Starts the built server itself on a throw-away data folder (demo data seeds itself) and a free port,
// drives Chromium at /usr/bin/chromium (CHROMIUM_PATH to change) and prints the four category scores.
// LIGHTHOUSE_RUNS=5 audits each page five times and reports the median run; LIGHTHOUSE_PAGES picks pages by name.
// Nothing is installed at run time: lighthouse and chrome-launcher are dev dependencies.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startServer, tempDir } from '../bench/lib.mjs';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number from 1, not ${process.env.LIGHTHOUSE_RUNS}`);

// API_OUT_DIR / WEB_OUT_DIR pick a private build (as scripts/e2e.sh makes); default: the normal build.
const startLighthouseServer = (dataDir) =>
  startServer({
    dataDir,
    dist: path.join(ROOT, 'apps/api', process.env.API_OUT_DIR ?? 'dist'),
    // The demo data gives the pages their listings.
    env: { SEED_DEMO_DATA: 'true', WEB_DIST_DIR: path.join(ROOT, 'apps/web', process.env.WEB_OUT_DIR ?? 'dist') },
    timeoutMs: 180_000,
  });

/** Audits that cost points in a category: title and score, worst first. */
function misses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .sort((a, b) => a.score - b.score)
    .map((audit) => `${audit.id} (${Math.round(audit.score * 100)})${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
}

const dataDir = await tempDir('dealer-lighthouse');
const server = await startLighthouseServer(dataDir);
const base = server.url;
let chrome;
const results = [];
try {
  const list = await (await fetch(`${base}/api/vehicles?limit=1`)).json();
  const vehicleId = list.data[0]._id;
  const pages = [
    { name: 'home', url: `${base}/` },
    { name: 'vehicle sales', url: `${base}/vehicle-sales` },
    { name: 'vehicle page', url: `${base}/vehicles/${vehicleId}` },
    { name: 'maintenance', url: `${base}/maintenance` },
  ];
  // LIGHTHOUSE_PAGES=vehicle page,maintenance audits only those pages (by name).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  for (const { name, url } of pages.filter((page) => !only || only.includes(page.name))) {
    // Default config = mobile form factor, simulated slow 4G and 4x CPU slowdown.
    // A fresh browser per run, and one more try when Lighthouse could not record the load (NO_NAVSTART
    // happens now and then on a busy machine).
    const audit = async () => {
      let runner;
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
        runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        await chrome.kill();
        chrome = undefined;
        if (!runner.lhr.runtimeError) break;
        console.log(`  ${name}: attempt ${attempt} failed (${runner.lhr.runtimeError.code}), trying again`);
      }
      return runner.lhr;
    };
    // One run's blocking time moves by 100-200 ms between runs on a slow machine: LIGHTHOUSE_RUNS=5 reports
    // the run of median performance (Lighthouse's own advice), with every run's score.
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit());
    const performanceOf = (run) => Math.round((run.categories.performance?.score ?? 0) * 100);
    const lhr = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor(RUNS / 2)];
    if (lhr.runtimeError)
      console.log(`  ${name}: Lighthouse could not audit the page: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
        (id) => [id, lhr.audits[id]?.displayValue ?? ''],
      ),
    );
    const missed = Object.fromEntries(CATEGORIES.map((c) => [c, misses(lhr, c)]));
    // What moved and what the largest paint was: the first things to look at when performance misses.
    const nodes = (id) =>
      (lhr.audits[id]?.details?.items ?? []).flatMap((item) =>
        item.node ? [item.node.selector ?? item.node.snippet] : (item.items?.map((i) => i.node?.selector) ?? []),
      );
    // The main thread's longest tasks as Lighthouse counted them (its 4x slowdown included): what blocking time is made of.
    const longTasks = (lhr.audits['long-tasks']?.details?.items ?? [])
      .slice(0, 6)
      .map((task) => `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms (${String(task.url).replace(base, '') || 'the page'})`);
    const culprits = { layoutShifts: nodes('layout-shifts'), lcpElement: nodes('largest-contentful-paint-element'), longTasks };
    const performanceRuns = runs.map(performanceOf);
    results.push({ name, path: new URL(url).pathname, scores, metrics, missed, culprits, performanceRuns });
    console.log(`\n${name} (${new URL(url).pathname})${RUNS > 1 ? `: the median of ${RUNS} runs (performance ${performanceRuns.join(', ')})` : ''}`);
    for (const c of CATEGORIES)
      console.log(
        `  ${c.padEnd(15)} ${String(scores[c]).padStart(3)} / 100${missed[c].length ? `   missed: ${missed[c].join('; ')}` : ''}`,
      );
    console.log(
      `  metrics: ${Object.entries(metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    if (culprits.layoutShifts.length) console.log(`  layout shifts: ${culprits.layoutShifts.join(' | ')}`);
    if (culprits.lcpElement.length) console.log(`  LCP element: ${culprits.lcpElement.join(' | ')}`);
    if (longTasks.length) console.log(`  long tasks: ${longTasks.join('; ')}`);
  }
} finally {
  await chrome?.kill();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

// bench-results/ is git-ignored, like the bench's own figures.
await mkdir(path.join(ROOT, 'bench-results'), { recursive: true });
const out = path.join(ROOT, 'bench-results', `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.platform()} ${os.release()}`, results }, null, 2)}\n`,
);
console.log(`\nTargets: 100 in each category. Full figures in ${path.relative(ROOT, out)}.`);
