#!/usr/bin/env node
// CPU cost per request of the hot GET routes, measured on the built server under a bounded load: the
// server's own CPU time (user + system, from /proc) divided by the requests it answered, and beside it the
// CPU of the PostgreSQL backends serving the bench's database (PostgreSQL must run on this machine). Unlike req/s this
// hardly moves when other processes share the machine, so runs on a busy machine can be compared.
// With PROFILE=1 each URL gets a fresh server started with --cpu-prof, and the top self-time functions of
// each profile are printed (the .cpuprofile files stay in PROFILE_DIR for Chrome DevTools). V8 samples by the
// clock, not by CPU used: on a busy machine the time a server waits for a core after its writev woke the
// client lands on writev (70% of a cached answer's samples at a load of 16, while /proc counted 80% of its
// CPU in user space). `perf record -e task-clock -g -p PID` on a server started with
// --perf-basic-prof-only-functions shows where the CPU itself goes.
//
// PROFILE_COMPARE=dirA,dirB,... measures several builds in alternating rounds (same database, same load
// order), so a change can be judged against its base in one run on a busy machine. An entry may add Node flags
// after a space ('apps/api/dist --max-semi-space-size=1'): the same build under other flags.
//
// Environment: API_DIST (built server, default apps/api/dist), PROFILE_COMPARE, PROFILE_ROUNDS (default 1;
// 3 with PROFILE_COMPARE), BENCH_DATABASE_URL, PROFILE_VEHICLES (default 8000; page 500 needs 6,000 public
// listings), PROFILE_DURATION (s per URL, default 8), PROFILE_CONNECTIONS (default 16), PROFILE=1,
// PROFILE_DIR, PROFILE_TOP (functions listed per profile, default 25), PROFILE_CACHE_MS (default 60000; 0: uncached),
// PROFILE_SEEDER=bulk (the bench's bulk seeder instead of SQL statements).
// PROFILE_ADMIN=1 adds the admin appointment list, the dashboard and staff's listings (pages 1 and 500), as an admin (a token per server), over
// PROFILE_APPOINTMENTS seeded appointments (default 50,000): what an authenticated request costs.
// PROFILE_WORKSHOP=1 adds a month's availability (a one-hour job and a job of five working days) and a date's,
// over the same seeded appointments.
// PROFILE_RENDER=1 adds the server-rendered /vehicle-sales?page=N at a different page each request (the bench's
// distinct-pages script), with the web build in apps/web/dist; keep PROFILE_CONNECTIONS at or under the
// renderer's slots and queue (PAGE_RENDER_CONCURRENCY 16, 32 waiting), or some answers are the app shell. A PROFILE_COMPARE entry may
// name another web build with 'web=apps/web/dist-x' after its folder.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { API_DIST, DISTINCT_PAGES_SCRIPT, ROOT, TIME_SLOTS, adminQuery, bookableDates, bulkSeed, bookingBody, createDatabase, dropDatabase, log, registerUser, renderingEnv, seedPostgres, startServer, tempDir } from './lib.mjs';
import { startBare } from './load.mjs';

const VEHICLES = Number(process.env.PROFILE_VEHICLES ?? 8000);
const DURATION = Number(process.env.PROFILE_DURATION ?? 8);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 16);
/** The public answer cache: 0 measures what an uncached list costs (issue 30). */
const CACHE_MS = process.env.PROFILE_CACHE_MS ?? '60000';
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const PROFILE = process.env.PROFILE === '1';
const TICK_US = 1_000_000 / 100; // USER_HZ
const RENDER = process.env.PROFILE_RENDER === '1';
/** PROFILE_SEEDER=bulk fills the database as the bench does (the api's bulk seeder: its makes include Škoda, past Latin-1). */
const BULK = process.env.PROFILE_SEEDER === 'bulk';
/** The builds compared: 'dir' or 'dir --node-flag ...' (the same build under other Node flags, e.g. '--max-semi-space-size=1'). */
const BUILDS = (process.env.PROFILE_COMPARE ? process.env.PROFILE_COMPARE.split(',') : [API_DIST]).map((entry) => {
  const [dir, ...rest] = entry.trim().split(/\s+/);
  const dist = path.resolve(ROOT, dir);
  const web = rest.find((arg) => arg.startsWith('web='))?.slice(4);
  const nodeArgs = rest.filter((arg) => !arg.startsWith('web='));
  const env = { PUBLIC_CACHE_MS: CACHE_MS, ...(RENDER ? renderingEnv(web ? path.resolve(ROOT, web) : undefined) : {}) };
  return { dist, nodeArgs, env, label: [path.relative(ROOT, dist) || dist, ...rest].join(' ') };
});
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? (BUILDS.length > 1 ? 3 : 1));

const URLS = [
  { key: 'constant', path: '/api/health/constant' },
  { key: 'a', path: '/api/vehicles?page=1' },
  { key: 'b', path: '/api/vehicles?fuelType=Electric&min_price=20000&max_price=40000&sort=price:asc' },
  { key: 'c', path: '/api/vehicles?page=500' },
];
const ADMIN = process.env.PROFILE_ADMIN === '1';
const WORKSHOP = process.env.PROFILE_WORKSHOP === '1';
const APPOINTMENTS = ADMIN || WORKSHOP ? Number(process.env.PROFILE_APPOINTMENTS ?? 50_000) : 0;
if (ADMIN) {
  URLS.push(
    { key: 'adminList', path: '/api/maintenance/admin/all', admin: true },
    { key: 'dashboard', path: '/api/admin/overview', admin: true },
    // Staff's listings (every status): read afresh each time, unlike a visitor's rows (decision 032).
    { key: 'adminListings', path: '/api/vehicles?page=1', admin: true },
    { key: 'adminListingsDeep', path: '/api/vehicles?page=500', admin: true },
  );
}
if (WORKSHOP) {
  const month = bookableDates(31, 1)[0].slice(0, 7);
  URLS.push(
    { key: 'month', path: `/api/maintenance/availability/month?month=${month}` },
    { key: 'monthMultiDay', path: `/api/maintenance/availability/month?month=${month}&service=${encodeURIComponent('Full Body Paint')}` },
    { key: 'day', path: `/api/maintenance/availability?date=${bookableDates(3, 1)[0]}` },
  );
}

// PROFILE_BOOKING=1 adds the bench's booking mix (POST /api/maintenance from 20 customers, random slots of the
// next 30 bookable days; once they reach their cap most are refused), through a wrk Lua script.
const BOOKING = process.env.PROFILE_BOOKING === '1';
if (BOOKING) URLS.push({ key: 'booking', path: '/api/maintenance', booking: true });
if (RENDER) URLS.push({ key: 'render', path: '/vehicle-sales', script: DISTINCT_PAGES_SCRIPT });

// PROFILE_KEYS=month,day measures only those URLs (and the bare route).
if (process.env.PROFILE_KEYS) {
  const keep = new Set(process.env.PROFILE_KEYS.split(','));
  URLS.splice(0, URLS.length, ...URLS.filter((u) => keep.has(u.key)));
}

/** An admin's bearer header on this server (the admin URLs need one; each server signs its own). */
async function adminHeaders(baseUrl, databaseUrl) {
  const admin = await registerUser(baseUrl, 'profadmin');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE users SET role = 'ADMIN' WHERE id = $1`, [admin.id]);
  } finally {
    await client.end();
  }
  return { authorization: `Bearer ${admin.token}` };
}

/** A wrk script that books as the bench's booking mix does: the customers in turn, a random slot each time. */
async function bookingScript(baseUrl) {
  const tokens = [];
  for (let i = 0; i < 20; i += 1) tokens.push((await registerUser(baseUrl, 'profbook')).token);
  const list = (xs) => `{${xs.map((x) => JSON.stringify(x)).join(', ')}}`;
  const body = JSON.stringify(bookingBody('DATE', 'TIME', 0)).replace('"DATE"', '"%s"').replace('"TIME"', '"%s"').replace('BNC-0', 'BNC-%d');
  const file = path.join(await tempDir('dealer-profile-wrk'), 'booking.lua');
  await writeFile(
    file,
    `local tokens = ${list(tokens)}
local dates = ${list(bookableDates(2, 30))}
local times = ${list(TIME_SLOTS)}
local n = 0
request = function()
  n = n + 1
  local body = string.format(${JSON.stringify(body)}, dates[math.random(#dates)], times[math.random(#times)], n % 10000)
  return wrk.format("POST", nil, { ["content-type"] = "application/json", ["authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] }, body)
end
`,
  );
  return file;
}

async function cpuTicks(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

async function wrk(url, seconds = DURATION, headers = {}, script = null) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const scriptArgs = script ? ['-s', script] : [];
  const proc = spawn('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...headerArgs, ...scriptArgs, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const [code] = await once(proc, 'exit');
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${out}`);
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    // The distinct-pages script counts the answers that were the app shell, not a rendered page.
    shells: Number(/answers: rendered \d+ shell (\d+)/.exec(out)?.[1] ?? 0),
    p99Ms: latencyMs(/^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out)),
  };
}

/** wrk's latency figure ('850.00us', '12.5ms', '1.02s') in milliseconds. */
function latencyMs(match) {
  if (!match) return NaN;
  const scale = { us: 0.001, ms: 1, s: 1000 }[match[2]];
  return Number(match[1]) * scale;
}

/** The CPU ticks of each PostgreSQL backend connected to the bench's database (only one server is loaded at a time). */
async function backendTicks() {
  const { rows } = await adminQuery(`SELECT pid FROM pg_stat_activity WHERE datname = '${dbName}' AND backend_type = 'client backend'`);
  const ticks = new Map();
  for (const { pid } of rows) ticks.set(pid, await cpuTicks(pid).catch(() => 0));
  return ticks;
}

/** Loads one URL and returns the server's CPU microseconds per answered request, and the database's. */
async function cpuPerRequest(pid, url, headers = {}, script = null) {
  for (let i = 0; i < 200; i += 1) await (await fetch(url, { headers })).arrayBuffer();
  // A short burst first, so the server's pool has opened the connections the load uses.
  await wrk(url, 1, headers, script);
  const [before, dbBefore] = [await cpuTicks(pid), await backendTicks()];
  const from = process.hrtime.bigint() / 1000n;
  const { requests, non2xx, shells, p99Ms } = await wrk(url, DURATION, headers, script);
  const to = process.hrtime.bigint() / 1000n;
  const ticks = (await cpuTicks(pid)) - before;
  // A backend that started during the load counts whole; one that ended during it is missed (rare: the pool keeps them 10 s).
  let dbTicks = 0;
  for (const [backend, now] of await backendTicks()) dbTicks += now - (dbBefore.get(backend) ?? 0);
  const bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
  const perRequest = (t) => Number(((t * TICK_US) / requests).toFixed(1));
  // Profile timestamps are CLOCK_MONOTONIC microseconds, as hrtime: the load's window in the profile.
  return { requests, non2xx, shells, p99Ms, bytes, window: [Number(from), Number(to)], cpuUsPerRequest: perRequest(ticks), dbUsPerRequest: perRequest(dbTicks) };
}

const median = (xs) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const frameName = ({ functionName, url, lineNumber }) => `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`.trim();

/**
 * Self and inclusive time per function over the samples taken during the load (start-up and module
 * loading left out), as shares of the busy (non-idle) samples, highest first.
 */
function topFunctions(profile, [from, to], n) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  let busy = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(profile.samples[i]);
    const name = frameName(node.callFrame);
    if (name === '(idle)') continue;
    busy += dt;
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const frame = frameName(byId.get(id).callFrame);
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + dt);
    }
  }
  const top = (map) =>
    [...map.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, n)
      .map(([name, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)}%  ${name}`);
  return { self: top(self), inclusive: top(inclusive) };
}

const dbName = `dealer_profile_${Date.now().toString(36)}`;
const dataDir = await tempDir('dealer-profile');
const profileDir = process.env.PROFILE_DIR ?? (await tempDir('dealer-cpuprofile'));
const url = await createDatabase(dbName);
try {
  await (await startServer({ dataDir, databaseUrl: url, dist: BUILDS[0].dist })).stop();
  if (BULK) {
    const seeded = await bulkSeed({ dataDir, databaseUrl: url, vehicles: VEHICLES, appointments: APPOINTMENTS });
    if (!seeded.ok) throw new Error(`the bulk seeder failed: ${seeded.output}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('VACUUM ANALYZE').finally(() => client.end());
  } else await seedPostgres(url, { vehicles: VEHICLES, appointments: APPOINTMENTS });
  /** results[label][key] = { requests, cpuUs, ... } summed over the rounds */
  const results = {};
  const add = (label, key, r) => {
    const row = ((results[label] ??= {})[key] ??= { requests: 0, cpuUs: 0, dbUs: 0, non2xx: 0, shells: 0, bursts: [], dbBursts: [], p99s: [] });
    row.bursts.push(r.cpuUsPerRequest);
    row.p99s.push(r.p99Ms);
    row.dbBursts.push(r.dbUsPerRequest);
    row.requests += r.requests;
    row.cpuUs += r.cpuUsPerRequest * r.requests;
    row.dbUs += r.dbUsPerRequest * r.requests;
    row.non2xx += r.non2xx;
    row.shells += r.shells;
    row.bytes = r.bytes;
    row.window = r.window;
  };
  const measure = async (build, targets, profileArgs) => {
    const server = await startServer({ dataDir, databaseUrl: url, dist: build.dist, nodeArgs: [...build.nodeArgs, ...profileArgs], env: build.env });
    try {
      const headers = targets.some((t) => t.admin) ? await adminHeaders(server.url, url) : {};
      const script = targets.some((t) => t.booking) ? await bookingScript(server.url) : null;
      for (const t of targets) add(build.label, t.key, await cpuPerRequest(server.proc.pid, `${server.url}${t.path}`, t.admin ? headers : {}, t.booking ? script : t.script ?? null));
    } finally {
      await server.stop();
    }
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    const bare = await startBare();
    try {
      add('bare Fastify', 'constant', await cpuPerRequest(bare.pid, `${bare.url}/constant`));
    } finally {
      await bare.stop();
    }
    if (PROFILE) {
      for (const [i, build] of BUILDS.entries()) {
        for (const t of URLS) await measure(build, [t], ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, `${i}-${round}`, t.key)}`]);
      }
    } else {
      // Every build serves at once and each URL is loaded on one build after the other, so that all of
      // them meet the same moments of the machine's other load.
      const servers = [];
      try {
        for (const build of BUILDS) servers.push(await startServer({ dataDir, databaseUrl: url, dist: build.dist, nodeArgs: build.nodeArgs, env: build.env }));
        const headers = ADMIN ? await Promise.all(servers.map((server) => adminHeaders(server.url, url))) : [];
        // The customers' tokens are good on every build (one database, one secret): the builds share the script.
        const script = BOOKING ? await bookingScript(servers[0].url) : null;
        for (const t of URLS) {
          for (const [i, server] of servers.entries()) {
            add(BUILDS[i].label, t.key, await cpuPerRequest(server.proc.pid, `${server.url}${t.path}`, t.admin ? headers[i] : {}, t.booking ? script : t.script ?? null));
          }
        }
      } finally {
        for (const server of servers) await server.stop();
      }
    }
  }
  log(`\nserver CPU per request (wrk -t1 -c${CONNECTIONS} -d${DURATION}s, ${ROUNDS} round(s), ${VEHICLES} vehicles${APPOINTMENTS ? `, ${APPOINTMENTS} appointments` : ''}, public cache ${CACHE_MS} ms)`);
  for (const [label, rows] of Object.entries(results)) {
    log(`  ${label}`);
    for (const [key, r] of Object.entries(rows)) {
      log(
        `    ${key.padEnd(10)} ${(r.cpuUs / r.requests).toFixed(1).padStart(7)} µs/request, median of rounds ${median(r.bursts).toFixed(1)};` +
          ` database ${(r.dbUs / r.requests).toFixed(1)} µs/request, median ${median(r.dbBursts).toFixed(1)}` +
          `; p99 ${r.p99s.map((ms) => ms.toFixed(1)).join(' / ')} ms  (${r.requests} requests, ${r.bytes} bytes${r.non2xx ? `, non-2xx ${r.non2xx}` : ''}${r.shells ? `, app shells ${r.shells}` : ''})`,
      );
    }
  }
  if (BUILDS.length > 1) {
    // Each round loads a URL on the builds back to back: the ratio within a round shares its moment's load.
    const [base, ...others] = BUILDS.map((b) => b.label);
    for (const other of others) {
      log(`  ${other} / ${base}, median of the per-round ratios:`);
      for (const t of URLS) {
        const ratios = results[other][t.key].bursts.map((x, i) => x / results[base][t.key].bursts[i]);
        const dbRatios = results[other][t.key].dbBursts.map((x, i) => x / (results[base][t.key].dbBursts[i] || NaN));
        log(
          `    ${t.key.padEnd(10)} ${median(ratios).toFixed(3)}  (rounds: ${ratios.map((x) => x.toFixed(2)).join(' ')});` +
            ` database ${median(dbRatios).toFixed(3)}`,
        );
      }
    }
  }
  if (PROFILE) {
    for (const [i, build] of BUILDS.entries()) {
      for (const t of URLS) {
        // One file per thread (the log transport runs in a worker): the main thread's is the largest.
        const dir = path.join(profileDir, `${i}-${ROUNDS - 1}`, t.key);
        const files = await Promise.all((await readdir(dir)).map(async (f) => ({ f, size: (await stat(path.join(dir, f))).size })));
        const file = path.join(dir, files.sort((x, y) => y.size - x.size)[0].f);
        const profile = JSON.parse(await readFile(file, 'utf8'));
        const { self, inclusive } = topFunctions(profile, results[build.label][t.key].window, TOP);
        log(`\n${build.label} ${t.key} (${file}): self time, share of the busy samples during the load`);
        for (const line of self) log(`  ${line}`);
        log(`${t.key}: inclusive time`);
        for (const line of inclusive) log(`  ${line}`);
      }
    }
    log(`\nprofiles in ${profileDir}`);
  }
} finally {
  await dropDatabase(dbName);
}
