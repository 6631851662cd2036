#!/usr/bin/env node
// Stop cycles: STOP_CYCLES (default 20) times, start the production server the way `npm start` does
// (scripts/start.mjs, in a process group of its own, on PGlite), give it a few seconds of light load
// (lists, details, a booking, a listing with a photo), then send SIGTERM to the whole group as a
// terminal or a service manager would. Checks every process of the group is gone within 15 s.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  API_DIST,
  JWT_SECRET,
  ROOT,
  TIME_SLOTS,
  bookableDates,
  bookingBody,
  freePort,
  log,
  registerUser,
  sleep,
  tempDir,
} from '../bench/lib.mjs';
import { NO_CUSTOMER_LIMITS } from './lib.mjs';

const CYCLES = Number(process.env.STOP_CYCLES ?? 20);
const LOAD_MS = Number(process.env.STOP_LOAD_MS ?? 3000);
const STOP_LIMIT_MS = 15_000;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Pids of the process group `pgid` (the start script and the server it runs). */
async function groupPids(pgid) {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (in parentheses): state ppid pgrp ...
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) pids.push(Number(entry));
  }
  return pids;
}

async function lightLoad(url, user, photo, until) {
  const dates = bookableDates(2, 30);
  let n = 0;
  while (performance.now() < until) {
    n += 1;
    const requests = [
      fetch(`${url}/api/vehicles?limit=12`),
      fetch(`${url}/api/maintenance/availability?date=${dates[n % dates.length]}`),
    ];
    if (n % 5 === 0) {
      requests.push(
        fetch(`${url}/api/maintenance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          body: JSON.stringify(bookingBody(dates[n % dates.length], TIME_SLOTS[n % 12], n)),
        }),
      );
      const form = new FormData();
      for (const [k, v] of Object.entries({ title: `Stop car ${n}`, make: 'Kia', model: 'Rio', year: '2018', price: '9000' }))
        form.append(k, v);
      form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'p.jpg');
      requests.push(
        fetch(`${url}/api/vehicles`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form }),
      );
    }
    await Promise.allSettled(requests.map((r) => r.then((res) => res.arrayBuffer())));
  }
}

export async function runStopCycles() {
  const dataDir = await tempDir('dealer-stop');
  const failures = [];
  const stopMs = [];
  const { default: sharp } = await import('sharp');
  const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#446688' } })
    .jpeg()
    .toBuffer();
  let user;
  try {
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const proc = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
        cwd: ROOT,
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          START_SERVER_JS: path.join(API_DIST, 'server.js'),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          JWT_SECRET,
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          WEB_DIST_DIR: path.join(dataDir, 'no-web'),
          ...NO_CUSTOMER_LIMITS,
          REDIS_URL: '',
        },
      });
      let stderr = '';
      proc.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
      const startedAt = performance.now();
      let up = false;
      while (performance.now() - startedAt < 300_000 && proc.exitCode === null) {
        if ((await fetch(`${url}/api/health`).catch(() => null))?.status === 200) {
          up = true;
          break;
        }
        await sleep(50);
      }
      if (!up) {
        failures.push(`cycle ${cycle}: the server did not start:\n${stderr}`);
        process.kill(-proc.pid, 'SIGKILL');
        break;
      }
      user ??= await registerUser(url, 'stop');
      await lightLoad(url, user, photo, performance.now() + LOAD_MS);
      // Requests in flight while the signal arrives.
      const inFlight = lightLoad(url, user, photo, performance.now() + 500).catch(() => undefined);
      await sleep(100);
      const pids = await groupPids(proc.pid);
      const signalledAt = performance.now();
      process.kill(-proc.pid, 'SIGTERM');
      while (pids.some(alive) && performance.now() - signalledAt < STOP_LIMIT_MS + 5000) await sleep(50);
      const ms = Math.round(performance.now() - signalledAt);
      await inFlight;
      stopMs.push(ms);
      const left = pids.filter(alive);
      if (left.length) {
        failures.push(`cycle ${cycle}: processes ${left.join(', ')} still alive ${ms} ms after SIGTERM`);
        for (const pid of left) process.kill(pid, 'SIGKILL');
      } else if (ms > STOP_LIMIT_MS) failures.push(`cycle ${cycle}: stopped only after ${ms} ms`);
      log(`[stop-cycles] cycle ${cycle}: ${pids.length} processes gone ${ms} ms after SIGTERM`);
    }
    const results = { cycles: CYCLES, stopMs, stopMaxMs: Math.max(...stopMs) };
    log(`[stop-cycles] ${JSON.stringify(results)}`);
    for (const f of failures) log(`  STOP CHECK FAILED: ${f}`);
    return { ok: failures.length === 0, results, failures };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runStopCycles();
  process.exit(ok ? 0 : 1);
}
