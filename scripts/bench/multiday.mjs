#!/usr/bin/env node
// The month's availability for a job of working days (decision 018), alone: 50,000 appointments (BENCH_APPOINTMENTS)
// with a five-day paint job and a three-day body job every week for 20 weeks, in a fresh PostgreSQL database, then
// GET api/maintenance/availability/month?service=Full Body Paint under 64 connections (BENCH_CONNECTIONS) for
// BENCH_DURATION seconds. Target: p99 < 20 ms. Prints the figures and the load average; `npm run bench` measures
// the same request among the others.
import os from 'node:os';
import { bookableDates, createDatabase, dropDatabase, log, seedPostgres, startServer, tempDir } from './lib.mjs';
import { load } from './load.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 50_000);
const name = `dealer_bench_multiday_${Date.now()}`;

const url = await createDatabase(name);
const dataDir = await tempDir('dealer-bench-multiday');
let server;
try {
  server = await startServer({ dataDir, databaseUrl: url });
  await seedPostgres(url, { vehicles: 1000, appointments: APPOINTMENTS, multiDay: true });
  const month = bookableDates(35, 1)[0].slice(0, 7);
  const target = `${server.url}/api/maintenance/availability/month?month=${month}&service=${encodeURIComponent('Full Body Paint')}`;
  const first = await fetch(target);
  const body = await first.json();
  if (first.status !== 200) throw new Error(`month availability answered ${first.status}`);
  log(`month ${month}: ${body.data.fullDates.length} full dates for Full Body Paint`);
  // Sequential requests first: the cost of one answer, apart from queueing behind 63 others on a busy machine.
  const sequential = [];
  for (let i = 0; i < 100; i += 1) {
    const started = performance.now();
    await (await fetch(target)).arrayBuffer();
    sequential.push(performance.now() - started);
  }
  sequential.sort((a, b) => a - b);
  log(`unloaded: p50 ${sequential[49].toFixed(1)} ms, p90 ${sequential[89].toFixed(1)} ms (100 sequential requests)`);
  const before = os.loadavg();
  const row = await load('availability month, Full Body Paint', target, { connections: CONNECTIONS, duration: DURATION });
  const after = os.loadavg();
  log(JSON.stringify({ ...row, appointments: APPOINTMENTS, loadAverageBefore: before, loadAverageAfter: after }, null, 2));
  log(`p99 ${row.p99Ms} ms (target < 20 ms) at ${CONNECTIONS} connections; load average ${after.map((n) => n.toFixed(2)).join(' ')}`);
} finally {
  await server?.stop();
  await dropDatabase(name);
}
