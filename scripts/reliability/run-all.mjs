#!/usr/bin/env node
// npm run test:reliability: race, crash, soak, two-process, upload-abuse, connection-loss, stop-cycles, first-start,
// two-nodes and faults in turn; exits 1 if any check fails.
// Writes the figures to bench-results/reliability-<timestamp>.json. Run `npm run build` first
// (the npm script does) or point API_DIST at another build.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT, log } from '../bench/lib.mjs';
import { runConnectionLoss } from './connection-loss.mjs';
import { runCrash } from './crash.mjs';
import { runFaults } from './faults.mjs';
import { runFirstStart } from './first-start.mjs';
import { runRace } from './race.mjs';
import { runSoak } from './soak.mjs';
import { runStopCycles } from './stop-cycles.mjs';
import { runTwoNodes } from './two-nodes.mjs';
import { runTwoProcess } from './two-process.mjs';
import { runUploadAbuse } from './upload-abuse.mjs';

const suites = {
  race: runRace,
  crash: runCrash,
  soak: runSoak,
  'two-process': runTwoProcess,
  'upload-abuse': () => runUploadAbuse(),
  'connection-loss': runConnectionLoss,
  'stop-cycles': runStopCycles,
  'first-start': runFirstStart,
  'two-nodes': runTwoNodes,
  faults: runFaults,
};
const only = process.argv.slice(2);
const report = { date: new Date().toISOString(), loadAverageAtStart: os.loadavg(), suites: {} };
let failed = false;
for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  const started = performance.now();
  log(`\n=== ${name} ===`);
  try {
    const { ok, results, failures } = await run();
    report.suites[name] = { ok, seconds: Math.round((performance.now() - started) / 1000), results, failures };
    if (!ok) failed = true;
  } catch (error) {
    failed = true;
    report.suites[name] = { ok: false, seconds: Math.round((performance.now() - started) / 1000), error: String(error?.stack ?? error) };
    console.error(error);
  }
  log(`=== ${name}: ${report.suites[name].ok ? 'passed' : 'FAILED'} in ${report.suites[name].seconds} s`);
}
report.loadAverageAtEnd = os.loadavg();
const dir = path.join(ROOT, 'bench-results');
await mkdir(dir, { recursive: true });
const file = path.join(dir, `reliability-${report.date.replace(/[-:]/g, '').replace(/\..+/, '')}.json`);
await writeFile(file, JSON.stringify(report, null, 2));
log(`\n${Object.entries(report.suites).map(([n, s]) => `${n}: ${s.ok ? 'passed' : 'FAILED'} (${s.seconds} s)`).join('\n')}`);
log(`Figures in ${path.relative(ROOT, file)}`);
process.exit(failed ? 1 : 0);
