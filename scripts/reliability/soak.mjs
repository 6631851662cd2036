#!/usr/bin/env node
// Soak: SOAK_SECONDS (default 300) of mixed traffic at a steady SOAK_RATE (default 100 requests/s) against
// the production server on a data folder with 5,000 listings: lists, filters, a detail, availability,
// the constant route and bookings. Checks 0 errors (no connection errors, timeouts or 5xx; a 409 for a
// full slot or a customer's open-booking cap is an answer, not an error) and RSS (sampled every second from
// /proc/<pid>/status) flat within 10% after the warm-up (SOAK_WARMUP, default 150 s): max / min of the later
// samples <= 1.10. The warm-up spans the heap's first cycle: at 100 req/s RSS climbs for about 100 s until
// V8's first full collections, drops 60 MB, then holds within 2% (a 600 s run on 2026-12-01: 376-383 MB from
// 150 s to the end), which a 15 s warm-up judged as growth.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  TIME_SLOTS,
  bookableDates,
  bookingBody,
  cannon,
  log,
  readProcStatus,
  registerUser,
  seedPglite,
  startServer,
  tempDir,
} from '../bench/lib.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = Number(process.env.SOAK_RATE ?? 100);
const WARMUP = Number(process.env.SOAK_WARMUP ?? 150);

export async function runSoak() {
  const dataDir = await tempDir('dealer-soak');
  try {
    // Migrate, seed 5,000 listings straight into the data folder, then serve it.
    const first = await startServer({ dataDir });
    await first.stop();
    await seedPglite(path.join(dataDir, 'db'), { vehicles: 5000, appointments: 0, sellers: 50, tag: 'soak' });
    const server = await startServer({ dataDir });
    const users = [];
    for (let i = 0; i < 10; i += 1) users.push(await registerUser(server.url, 'soak'));
    const first12 = await (await fetch(`${server.url}/api/vehicles`)).json();
    const ids = first12.data.map((v) => v._id);
    // Within the booking horizon (BOOKING_HORIZON_DAYS, 90 days): a booking past it is refused with a 422.
    const dates = bookableDates(3, 60);
    let n = 0;
    const get = (p) => ({ method: 'GET', path: p });
    const requests = [
      get('/api/vehicles?page=1'),
      get('/api/vehicles?fuelType=Electric&min_price=10000&max_price=60000&sort=price:asc'),
      get('/api/health/constant'),
      {
        method: 'GET',
        path: '/',
        setupRequest: (r) => ({ ...r, path: `/api/vehicles/${ids[n++ % ids.length]}` }),
      },
      { method: 'GET', path: '/', setupRequest: (r) => ({ ...r, path: `/api/maintenance/availability?date=${dates[n++ % dates.length]}` }) },
      get(`/api/vehicles?search=toyota&page=${1 + (n % 5)}`),
      {
        method: 'POST',
        path: '/api/maintenance',
        setupRequest: (r) => {
          n += 1;
          const user = users[n % users.length];
          return {
            ...r,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
            body: JSON.stringify(bookingBody(dates[n % dates.length], TIME_SLOTS[(n * 5) % 12], n)),
          };
        },
      },
    ];

    const samples = [];
    const sampler = setInterval(async () => {
      try {
        samples.push({ t: samples.length + 1, ...(await readProcStatus(server.proc.pid)) });
      } catch {
        // the process is gone: the run will report the errors
      }
    }, 1000);
    const result = await cannon({ url: server.url, connections: 10, overallRate: RATE, duration: SECONDS, requests, timeout: 10 });
    clearInterval(sampler);
    await server.stop();

    const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([c, s]) => [c, s.count]));
    const fiveHundreds = Object.entries(codes).filter(([c]) => Number(c) >= 500).reduce((a, [, v]) => a + v, 0);
    const unexpected4xx = Object.entries(codes).filter(([c]) => Number(c) >= 400 && Number(c) < 500 && c !== '409').reduce((a, [, v]) => a + v, 0);
    // autocannon's `errors` already includes the timeouts.
    const connectionErrors = result.errors - result.timeouts;
    const errors = result.errors + fiveHundreds + unexpected4xx;
    const after = samples.filter((s) => s.t > WARMUP).map((s) => s.rssKb);
    const min = Math.min(...after);
    const max = Math.max(...after);
    const ratio = max / min;
    const firstMb = Math.round(after[0] / 1024);
    const lastMb = Math.round(after[after.length - 1] / 1024);
    const summary = {
      seconds: SECONDS,
      targetRate: RATE,
      requests: result.requests.total,
      averageRate: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      statusCodes: codes,
      errors: { connection: connectionErrors, timeouts: result.timeouts, fiveHundreds, unexpected4xx },
      rssMb: { warmupEnd: firstMb, end: lastMb, min: Math.round(min / 1024), max: Math.round(max / 1024), maxOverMin: Number(ratio.toFixed(3)) },
      rssSamplesMb: samples.map((s) => Math.round(s.rssKb / 1024)),
    };
    log(`[soak] ${JSON.stringify(summary)}`);
    const failures = [];
    if (errors > 0) failures.push(`${errors} errors (connection ${connectionErrors}, timeouts ${result.timeouts}, 5xx ${fiveHundreds}, unexpected 4xx ${unexpected4xx})`);
    if (ratio > 1.1) failures.push(`RSS not flat after warm-up: ${summary.rssMb.min} -> ${summary.rssMb.max} MB (x${ratio.toFixed(2)})`);
    for (const f of failures) log(`  SOAK CHECK FAILED: ${f}`);
    log(failures.length ? 'soak: FAILED' : 'soak: passed');
    return { ok: failures.length === 0, results: summary, failures };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runSoak();
  process.exit(ok ? 0 : 1);
}
