#!/usr/bin/env node
// First start and restart as a newcomer runs them: `scripts/start.mjs` (what `npm start` runs) on a new
// PGlite data folder with the demo data, then again on the same folder, with the pretty console
// (LOG_FORMAT=pretty, as in a terminal). Checks, for each start:
//   1. idle RSS of the server process (20 s after /api/health answers, a few requests made) < 250 MiB;
//   2. the console: no JSON lines, no 'Server listening at' line, no runtime (e.g. deprecation) warning,
//      the banner with the URL comes last;
//   3. demo passwords printed on the start that created the accounts, and never on a restart.
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { API_DIST, JWT_SECRET, ROOT, freePort, log, sleep, tempDir } from '../bench/lib.mjs';

const RSS_LIMIT_MIB = 250;
const IDLE_MS = Number(process.env.FIRST_START_IDLE_MS ?? 20_000);

async function serverPid(parentPid) {
  const { readdir } = await import('node:fs/promises');
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parentPid) return Number(entry);
  }
  return undefined;
}

async function startOnce(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      START_SERVER_JS: path.join(API_DIST, 'server.js'),
      LOG_FORMAT: 'pretty',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      REDIS_URL: '',
    },
  });
  let output = '';
  proc.stdout.on('data', (d) => (output += d));
  proc.stderr.on('data', (d) => (output += d));
  const started = performance.now();
  while (proc.exitCode === null && performance.now() - started < 600_000) {
    if ((await fetch(`${url}/api/health`).catch(() => null))?.status === 200) break;
    await sleep(100);
  }
  if (proc.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
  // What the start printed (a slow request made below may rightly add a line after the banner).
  await sleep(500);
  const console = output;
  for (const p of ['/api/vehicles?limit=12', '/api/vehicles?limit=12&page=2']) await fetch(`${url}${p}`).catch(() => null);
  await sleep(IDLE_MS);
  const pid = await serverPid(proc.pid);
  const status = pid ? await readFile(`/proc/${pid}/status`, 'utf8') : '';
  const rssMib = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
  const startupMs = Math.round(performance.now() - started - IDLE_MS);
  proc.kill('SIGTERM');
  await new Promise((resolve) => (proc.exitCode !== null ? resolve() : proc.once('exit', resolve)));
  return { rssMib, console, startupMs, url: `http://localhost:${port}` };
}

function checkConsole(name, run, { expectPasswords }, failures) {
  const lines = run.console.split('\n');
  if (lines.some((l) => l.trimStart().startsWith('{"level"'))) failures.push(`${name}: JSON log lines on the pretty console`);
  if (run.console.includes('Server listening at')) failures.push(`${name}: a 'Server listening at' line on the console`);
  const bannerAt = lines.findIndex((l) => l.includes(`is running at ${run.url}`));
  if (bannerAt < 0) failures.push(`${name}: no banner with ${run.url}`);
  else {
    const after = lines.slice(bannerAt).filter((l) => /^\[?\d\d:\d\d:\d\d/.test(l.trim()));
    if (after.length) failures.push(`${name}: log lines after the banner: ${after.slice(0, 2).join(' | ')}`);
  }
  const warning = lines.find((l) => /\(node:\d+\) |Warning:/.test(l));
  if (warning) failures.push(`${name}: a runtime warning on the console: ${warning.trim()}`);
  const hasPasswords = run.console.includes('password Admin123!');
  if (expectPasswords && !hasPasswords)
    failures.push(`${name}: the demo passwords are not printed on the start that created them`);
  if (!expectPasswords && hasPasswords)
    failures.push(`${name}: demo passwords printed on a restart (they may have been changed)`);
}

export async function runFirstStart() {
  const dataDir = await tempDir('dealer-first-start');
  const failures = [];
  try {
    const first = await startOnce(dataDir);
    const restart = await startOnce(dataDir);
    for (const [name, run] of [
      ['first start', first],
      ['restart', restart],
    ]) {
      if (!(run.rssMib < RSS_LIMIT_MIB)) failures.push(`${name}: idle RSS ${run.rssMib} MiB (limit ${RSS_LIMIT_MIB} MiB)`);
    }
    checkConsole('first start', first, { expectPasswords: true }, failures);
    checkConsole('restart', restart, { expectPasswords: false }, failures);
    const results = {
      idleRssMib: { firstStart: first.rssMib, restart: restart.rssMib },
      startupMs: { firstStart: first.startupMs, restart: restart.startupMs },
      consoleLines: { firstStart: first.console.split('\n').length, restart: restart.console.split('\n').length },
    };
    log(`[first-start] ${JSON.stringify(results)}`);
    log(`[first-start] restart console:\n${restart.console}`);
    for (const f of failures) log(`  FIRST-START CHECK FAILED: ${f}`);
    return { ok: failures.length === 0, results, failures };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runFirstStart();
  process.exit(ok ? 0 : 1);
}
