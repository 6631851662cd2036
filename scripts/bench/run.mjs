#!/usr/bin/env node
// npm run bench: the performance bench of docs/quality.md.
// Seeds 100,000 vehicles (and 20,000 appointments) into a fresh PostgreSQL database and a fresh PGlite
// data folder, starts the production server on each and loads it with autocannon on loopback. Prints
// requests/s and p50/p99 per route next to the constant route, the list query's p50 at 10k, 100k and 1M
// rows, the EXPLAIN (ANALYZE) plans of the list queries and the start-up time on an existing data folder.
// Figures only: nothing here fails on a slow machine. Results go to bench-results/<timestamp>.json.
//
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/), BENCH_DURATION (seconds
// per route, default 10), BENCH_CONNECTIONS (default 10), BENCH_SKIP_1M=1 to leave out the 1M-row database,
// BENCH_SKIP_PGLITE=1, BENCH_SEEDER=sql (seed with generate_series instead of the API's bulk seeder),
// API_DIST (default apps/api/dist).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  ROOT,
  TIME_SLOTS,
  bookableDates,
  bookingBody,
  bulkSeed,
  cannon,
  createDatabase,
  dbUrl,
  dropDatabase,
  log,
  openPglite,
  percentile,
  registerUser,
  seedPglite,
  seedPostgres,
  startServer,
  summarize,
  table,
  tempDir,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const VEHICLES = 100_000;
const APPOINTMENTS = 20_000;
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..+/, '').replace('T', '_').toLowerCase();
const mainDb = `dealer_bench_${stamp}`;
const createdDbs = [];
const createdDirs = [];
const benchStarted = performance.now();

const PUBLIC = `"vehicles"."status" IN ('available', 'active', 'reserved')`;
const SELECT_LIST = `SELECT v.id, v.owner_id, v.buyer_id, v.sold_at, v.title, v.make, v.model, v.year, v.price, v.mileage,
  v.transmission, v.fuel_type, v.condition, v.exterior_color, v.interior_color, v.description, v.location, v.contact_phone,
  v.contact_email, v.status, v.created_at, v.updated_at, u.name, u.avatar_key, u.phone, u.email, u.created_at
  FROM vehicles v LEFT JOIN users u ON u.id = v.owner_id`;
/** The SQL the list endpoint runs (vehicles.repository.ts: count, then the page), with literal values. */
const LIST_QUERIES = {
  'page 1 newest': {
    count: `SELECT count(*) FROM vehicles WHERE ${PUBLIC}`,
    page: `${SELECT_LIST} WHERE ${PUBLIC.replaceAll('"vehicles"', 'v')} ORDER BY v.created_at DESC, v.id DESC LIMIT 12 OFFSET 0`,
  },
  'Electric 10k-60k by price': {
    count: `SELECT count(*) FROM vehicles WHERE ${PUBLIC} AND price >= 10000 AND price <= 60000 AND fuel_type = 'Electric'`,
    page: `${SELECT_LIST} WHERE ${PUBLIC.replaceAll('"vehicles"', 'v')} AND v.price >= 10000 AND v.price <= 60000 AND v.fuel_type = 'Electric'
           ORDER BY v.price ASC, v.id ASC LIMIT 12 OFFSET 0`,
  },
  'page 500 newest': {
    count: `SELECT count(*) FROM vehicles WHERE ${PUBLIC}`,
    page: `${SELECT_LIST} WHERE ${PUBLIC.replaceAll('"vehicles"', 'v')} ORDER BY v.created_at DESC, v.id DESC LIMIT 12 OFFSET 5988`,
  },
};

function routeList(ctx) {
  return [
    { name: 'constant', path: '/api/health/constant' },
    { name: 'list page 1 (newest, count)', path: '/api/vehicles?page=1' },
    { name: 'list Electric 10k-60k price:asc', path: '/api/vehicles?fuelType=Electric&min_price=10000&max_price=60000&sort=price:asc' },
    { name: 'list page 500', path: '/api/vehicles?page=500' },
    { name: 'detail', path: `/api/vehicles/${ctx.vehicleId}` },
    { name: 'availability (date)', path: `/api/maintenance/availability?date=${ctx.availabilityDate}` },
  ];
}

async function loadServer(label, server, duration) {
  const base = server.url;
  const first = await (await fetch(`${base}/api/vehicles?page=1`)).json();
  const ctx = { vehicleId: first.data[0]._id, availabilityDate: bookableDates(3, 1)[0] };
  log(`\n[${label}] ${first.meta.itemCount} public listings; loading each route for ${duration} s with ${CONNECTIONS} connections`);
  const rows = [];
  for (const route of routeList(ctx)) {
    const result = await cannon({ url: `${base}${route.path}`, connections: CONNECTIONS, duration });
    const row = summarize(route.name, result);
    rows.push(row);
    log(`  ${route.name.padEnd(34)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms  ${JSON.stringify(row.statusCodes)}`);
  }

  // Booking mix: 20 registered customers book random slots of the next 30 bookable days; full slots answer 409.
  const users = [];
  for (let i = 0; i < 20; i += 1) users.push(await registerUser(base, 'bench'));
  const dates = bookableDates(2, 30);
  let n = 0;
  const result = await cannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/maintenance',
        setupRequest: (request) => {
          n += 1;
          const user = users[n % users.length];
          const body = bookingBody(dates[Math.floor(Math.random() * dates.length)], TIME_SLOTS[Math.floor(Math.random() * 12)], n);
          return { ...request, headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, body: JSON.stringify(body) };
        },
      },
    ],
  });
  const booking = summarize('booking (POST /api/maintenance)', result);
  rows.push(booking);
  log(`  ${booking.name.padEnd(34)} ${String(booking.requestsPerSecond).padStart(6)} req/s  p50 ${booking.p50Ms} ms  p99 ${booking.p99Ms} ms  ${JSON.stringify(booking.statusCodes)}`);

  const constant = rows[0];
  for (const row of rows) row.ratioToConstant = Number((row.requestsPerSecond / constant.requestsPerSecond).toFixed(2));
  return rows;
}

/** p50 of the list SQL (count + page) over `runs` runs, per list query, measured in one connection. */
async function listQueryTimings(url, runs = 60) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out = {};
  try {
    for (const [name, q] of Object.entries(LIST_QUERIES)) {
      for (let i = 0; i < 5; i += 1) {
        await client.query(q.count);
        await client.query(q.page);
      }
      const times = [];
      for (let i = 0; i < runs; i += 1) {
        const t = performance.now();
        await client.query(q.count);
        await client.query(q.page);
        times.push(performance.now() - t);
      }
      out[name] = Number(percentile(times, 50).toFixed(2));
    }
  } finally {
    await client.end();
  }
  return out;
}

async function explainPlans(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plans = {};
  try {
    for (const [name, q] of Object.entries(LIST_QUERIES)) {
      const count = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.count}`);
      const page = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.page}`);
      plans[name] = {
        count: count.rows.map((r) => r['QUERY PLAN']).join('\n'),
        page: page.rows.map((r) => r['QUERY PLAN']).join('\n'),
      };
    }
  } finally {
    await client.end();
  }
  return plans;
}

/** HTTP p50/p99 of list page 1 on a server over `url` (short run). */
async function listHttp(label, databaseUrl) {
  const dataDir = await tempDir('dealer-bench-http');
  createdDirs.push(dataDir);
  const server = await startServer({ dataDir, databaseUrl });
  try {
    const result = await cannon({ url: `${server.url}/api/vehicles?page=1`, connections: CONNECTIONS, duration: Math.max(3, Math.round(DURATION / 2)) });
    return summarize(`list page 1 @ ${label}`, result);
  } finally {
    await server.stop();
  }
}

async function seedWith(label, target, seedFn, analyzeFn) {
  const t = performance.now();
  let how = 'SQL generate_series (BENCH_SEEDER=sql)';
  if (process.env.BENCH_SEEDER === 'sql') {
    await seedFn();
  } else {
    const bulk = await bulkSeed({ ...target, vehicles: VEHICLES, appointments: APPOINTMENTS });
    how = 'bulk seeder (node dist/seed.js --vehicles)';
    if (!bulk.ok) {
      how = `SQL generate_series (the bulk seeder failed: ${bulk.output.split('\n').find((l) => l.includes('Error')) ?? bulk.output.slice(0, 200)})`;
      await seedFn();
    }
  }
  // Fresh bulk rows have no planner statistics and no visibility map until autovacuum gets to them;
  // a live database would have both, so the bench measures after VACUUM ANALYZE.
  await analyzeFn();
  const ms = Math.round(performance.now() - t);
  log(`[${label}] seeded ${VEHICLES} vehicles and ${APPOINTMENTS} appointments in ${ms} ms with ${how}`);
  return { ms, how };
}

const fmtStart = (list) => list.map((r) => `${r.untilHealthMs} ms until /api/health (server says ${r.serverReportedMs ?? '?'} ms)`).join('; ');

async function vacuumPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

async function restartTimes(dataDir, databaseUrl, times = 3) {
  const out = [];
  for (let i = 0; i < times; i += 1) {
    const server = await startServer({ dataDir, databaseUrl });
    out.push({ untilHealthMs: Math.round(server.startupMs), serverReportedMs: server.internalStartupMs });
    await server.stop();
  }
  return out;
}

async function benchPostgres(results) {
  const dataDir = await tempDir('dealer-bench-pg');
  createdDirs.push(dataDir);
  const url = await createDatabase(mainDb);
  createdDbs.push(mainDb);
  // First start migrates the empty database; copies of it serve the 10k and 1M measurements.
  const first = await startServer({ dataDir, databaseUrl: url });
  results.postgres.startupEmptyMs = Math.round(first.startupMs);
  await first.stop();
  const sizes = [
    { rows: 10_000, name: `${mainDb}_10k` },
    ...(process.env.BENCH_SKIP_1M ? [] : [{ rows: 1_000_000, name: `${mainDb}_1m` }]),
  ];
  for (const size of sizes) {
    await createDatabase(size.name, mainDb);
    createdDbs.push(size.name);
  }

  results.postgres.seed = await seedWith(
    'postgres',
    { dataDir, databaseUrl: url },
    () => seedPostgres(url, { vehicles: VEHICLES, appointments: APPOINTMENTS }),
    () => vacuumPostgres(url),
  );
  const server = await startServer({ dataDir, databaseUrl: url });
  try {
    results.postgres.routes = await loadServer('postgres 100k', server, DURATION);
  } finally {
    await server.stop();
  }
  results.postgres.restartMs = await restartTimes(dataDir, url);
  log(`[postgres] start-up on the existing database: ${fmtStart(results.postgres.restartMs)}`);

  results.scaling = { sqlP50Ms: {}, httpListPage1: {} };
  results.scaling.sqlP50Ms['100k'] = await listQueryTimings(url);
  results.plans = { '100k': await explainPlans(url) };
  results.scaling.httpListPage1['100k'] = results.postgres.routes[1];

  for (const size of sizes) {
    const sizeUrl = dbUrl(size.name);
    const t = performance.now();
    await seedPostgres(sizeUrl, { vehicles: size.rows, appointments: 0 });
    await vacuumPostgres(sizeUrl);
    const label = size.rows === 10_000 ? '10k' : '1M';
    log(`[postgres ${label}] seeded ${size.rows} vehicles in ${Math.round(performance.now() - t)} ms`);
    results.scaling.sqlP50Ms[label] = await listQueryTimings(sizeUrl);
    results.scaling.httpListPage1[label] = await listHttp(label, sizeUrl);
    if (label === '1M') results.plans['1M'] = await explainPlans(sizeUrl);
    await dropDatabase(size.name);
  }
}

async function benchPglite(results) {
  const dataDir = await tempDir('dealer-bench-pglite');
  createdDirs.push(dataDir);
  const first = await startServer({ dataDir });
  results.pglite.startupEmptyMs = Math.round(first.startupMs);
  await first.stop();
  results.pglite.seed = await seedWith(
    'pglite',
    { dataDir },
    () => seedPglite(path.join(dataDir, 'db'), { vehicles: VEHICLES, appointments: APPOINTMENTS }),
    async () => {
      const db = await openPglite(path.join(dataDir, 'db'));
      await db.exec('VACUUM ANALYZE');
      await db.close();
    },
  );
  results.pglite.restartMs = await restartTimes(dataDir, undefined);
  log(`[pglite] start-up on the existing data folder: ${fmtStart(results.pglite.restartMs)}`);
  const server = await startServer({ dataDir });
  try {
    results.pglite.routes = await loadServer('pglite 100k', server, DURATION);
  } finally {
    await server.stop();
  }
}

function printSummary(results) {
  const fmt = (rows) =>
    rows.map((r) => ({
      route: r.name,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'vs constant': r.ratioToConstant,
      codes: Object.entries(r.statusCodes).map(([c, n]) => `${c}:${n}`).join(' '),
    }));
  const columns = ['route', 'req/s', 'p50 ms', 'p99 ms', 'vs constant', 'codes'];
  log('\n================ SUMMARY ================');
  log(`${results.date}  ${results.machine.cpus} cores, ${results.machine.memoryGiB} GiB, Node ${process.versions.node}; load average at start ${results.machine.loadAverageAtStart.join(' ')}, at end ${results.machine.loadAverageAtEnd.join(' ')}`);
  for (const kind of ['postgres', 'pglite']) {
    if (!results[kind].routes || !results[kind].restartMs) continue;
    log(`\n${kind} (100,000 vehicles, ${CONNECTIONS} connections, ${DURATION} s per route)`);
    log(table(fmt(results[kind].routes), columns));
    const list = results[kind].routes[1];
    log(
      `list/constant throughput: ${list.ratioToConstant} (target >= 0.60: ${list.ratioToConstant >= 0.6 ? 'met' : 'MISSED'}); ` +
        `list p99 ${list.p99Ms} ms (target < 20 ms: ${list.p99Ms < 20 ? 'met' : 'MISSED'})`,
    );
    const worst = Math.max(...results[kind].restartMs.map((r) => r.untilHealthMs));
    log(`start-up on existing data: ${fmtStart(results[kind].restartMs)} (target < 3000 ms: ${worst < 3000 ? 'met' : 'MISSED'})`);
  }
  if (results.scaling) {
    log('\nlist query p50 (count + page SQL, one connection), ms');
    const names = Object.keys(LIST_QUERIES);
    const sizes = Object.keys(results.scaling.sqlP50Ms);
    log(table(names.map((n) => ({ query: n, ...Object.fromEntries(sizes.map((s) => [s, results.scaling.sqlP50Ms[s][n]])) })), ['query', ...sizes]));
    const a = results.scaling.sqlP50Ms['10k']?.['page 1 newest'];
    const b = results.scaling.sqlP50Ms['1M']?.['page 1 newest'];
    if (a && b) log(`page 1: 1M / 10k = ${(b / a).toFixed(2)} (target within 2x: ${b / a <= 2 ? 'met' : 'MISSED'})`);
    log('\nHTTP list page 1 by table size');
    log(table(Object.entries(results.scaling.httpListPage1).map(([s, r]) => ({ rows: s, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50Ms, 'p99 ms': r.p99Ms })), ['rows', 'req/s', 'p50 ms', 'p99 ms']));
  }
  if (results.plans) {
    for (const [size, plans] of Object.entries(results.plans)) {
      for (const [name, plan] of Object.entries(plans)) {
        log(`\n--- EXPLAIN ANALYZE @ ${size}: ${name} (count)\n${plan.count}\n--- (page)\n${plan.page}`);
      }
    }
  }
}

async function main() {
  const results = {
    date: new Date().toISOString(),
    machine: { loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(1))), cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.versions.node, platform: `${os.type()} ${os.release()}` },
    settings: { durationSeconds: DURATION, connections: CONNECTIONS, vehicles: VEHICLES, appointments: APPOINTMENTS },
    postgres: {},
    pglite: {},
  };
  const phase = async (name, fn) => {
    try {
      await fn(results);
    } catch (error) {
      // Keep the figures measured so far; the error goes into the results and the exit code.
      console.error(`[${name}] failed:`, error);
      results.errors = [...(results.errors ?? []), `${name}: ${String(error?.message ?? error)}`];
    }
  };
  try {
    await phase('postgres', benchPostgres);
    if (!process.env.BENCH_SKIP_PGLITE) await phase('pglite', benchPglite);
  } finally {
    for (const name of createdDbs) await dropDatabase(name);
    for (const dir of createdDirs) await rm(dir, { recursive: true, force: true });
  }
  results.machine.loadAverageAtEnd = os.loadavg().map((x) => Number(x.toFixed(1)));
  results.totalSeconds = Math.round((performance.now() - benchStarted) / 1000);
  const outDir = path.join(ROOT, 'bench-results');
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `${stamp}.json`);
  await writeFile(file, JSON.stringify(results, null, 2));
  printSummary(results);
  log(`\nResults written to ${path.relative(ROOT, file)} (bench took ${results.totalSeconds} s)`);
  if (results.errors) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
