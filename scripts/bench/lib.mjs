// Helpers shared by the bench (scripts/bench) and the reliability scripts (scripts/reliability):
// starting the production server, throw-away PostgreSQL databases, fast SQL seeding, autocannon.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built server; `npm run bench` builds into apps/api/dist first. API_DIST points elsewhere. */
export const API_DIST = path.resolve(ROOT, process.env.API_DIST ?? 'apps/api/dist');
export const BASE_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
/** The web build the server renders visitor pages with. */
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
/** The wrk script asking for a different /vehicle-sales?page=N each time, counting the app shells apart. */
export const DISTINCT_PAGES_SCRIPT = path.join(ROOT, 'scripts/bench/distinct-pages.lua');
export const LEAD_FORM_SCRIPT = path.join(ROOT, 'scripts/bench/lead-form.lua');
/** A server's settings for rendering pages from a web build, with no per-address render budget in the way. */
export const renderingEnv = (webDist = WEB_DIST) => ({ WEB_DIST_DIR: webDist, PAGE_RENDERS_PER_MINUTE: '100000000' });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (...args) => console.log(...args);

export async function freePort() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

export async function tempDir(prefix) {
  return mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
}

export function dbUrl(name, base = BASE_PG_URL) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sqlText, base = BASE_PG_URL) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export async function createDatabase(name, template) {
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return dbUrl(name);
}

export async function dropDatabase(name) {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e) => console.error(`could not drop ${name}: ${e.message}`));
}

/**
 * Starts `node [nodeArgs] <dist>/server.js` (dist: API_DIST unless given) and resolves once GET /api/health answers 200.
 * Returns { proc, port, url, startupMs, stop(), kill() }.
 */
export async function startServer({ dataDir, databaseUrl, port, env = {}, nodeArgs = [], dist = API_DIST, quiet = true, timeoutMs = 600_000 }) {
  port ??= await freePort();
  const started = performance.now();
  const proc = spawn(process.execPath, [...nodeArgs, path.join(dist, 'server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      JWT_SECRET,
      SEED_DEMO_DATA: 'false',
      API_RATE_LIMIT: '100000000',
      LOGIN_RATE_LIMIT: '100000',
      SIGNUP_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  proc.stdout.on('data', (d) => {
    if (stdout.length < 100_000) stdout += d;
    if (!quiet) process.stdout.write(d);
  });
  let stderr = '';
  proc.stderr.on('data', (d) => {
    stderr += d;
    if (!quiet) process.stderr.write(d);
  });
  let exited = null;
  proc.on('exit', (code, signal) => (exited = { code, signal }));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error(`server exited during start-up (${JSON.stringify(exited)}):\n${stderr}`);
    if (performance.now() - started > timeoutMs) {
      proc.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${stderr}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const startupMs = performance.now() - started;
  await sleep(50);
  // The server's own figure (from main() to listening), without Node's start and module loading.
  const internal = /Started in (\d+) ms/.exec(stdout);
  return {
    proc,
    port,
    url,
    startupMs,
    internalStartupMs: internal ? Number(internal[1]) : null,
    get stderr() {
      return stderr;
    },
    async stop() {
      if (exited) return;
      proc.kill('SIGTERM');
      await once(proc, 'exit');
    },
    async kill() {
      if (exited) return;
      proc.kill('SIGKILL');
      await once(proc, 'exit');
    },
  };
}

/** autocannon as a promise; returns the raw result. */
export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export function summarize(name, result) {
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: codes,
  };
}

/** A calendar date `days` from today (UTC), as YYYY-MM-DD. */
export function dateIn(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
export const isSunday = (iso) => new Date(`${iso}T12:00:00Z`).getUTCDay() === 0;

/** Bookable dates (no Sundays) from `fromDays` ahead, `count` of them. */
export function bookableDates(fromDays, count) {
  const out = [];
  for (let d = fromDays; out.length < count; d += 1) {
    const iso = dateIn(d);
    if (!isSunday(iso)) out.push(iso);
  }
  return out;
}

export const TIME_SLOTS = ['08:00 AM', '09:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '01:00 PM', '02:00 PM', '03:00 PM', '04:00 PM', '05:00 PM', '06:00 PM', '07:00 PM'];

export function bookingBody(date, time, i = 0) {
  return {
    maintenanceType: 'routine',
    specificService: 'Oil Change',
    appointmentDate: date,
    appointmentTime: time,
    vehicle: { make: 'Toyota', model: 'Corolla', year: '2019', registration: `BNC-${i % 10000}` },
    customer: { name: 'Bench Customer', email: 'bench@example.com', phone: '+1 555 010 0101' },
  };
}

let userCounter = 0;
/** Registers a user through the API (multipart) and returns { id, email, password, token }. */
export async function registerUser(baseUrl, prefix = 'u') {
  userCounter += 1;
  const tag = `${prefix}${Date.now().toString(36)}${process.pid}${userCounter}`;
  const password = 'Password123!';
  const form = new FormData();
  const fields = { username: tag, name: `User ${tag}`, phone: '+1 555 0100 200', email: `${tag}@example.com`, address: '1 Bench Street', password, confirmPassword: password };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`register failed ${res.status}: ${await res.text()}`);
  const body = await res.json();
  return { id: body.data._id ?? body.data.id, email: fields.email, username: tag, password, token: body.tokens.accessToken };
}

// ---------------------------------------------------------------- seeding (plain SQL, PostgreSQL and PGlite)

/** Statements that add `vehicles` listings (and sellers, and `appointments` bookings) with generate_series. */
export function seedStatements({ vehicles, appointments = 0, sellers = 1000, tag = 'bench', multiDay = false }) {
  const statements = [
    `INSERT INTO users (username, email, name, phone, address, password_hash, role, status, created_at)
     SELECT '${tag}_seller' || i, '${tag}_seller' || i || '@bench.test', 'Seller ' || i, '+1 555 000 ' || lpad(i::text, 4, '0'),
            'Bench Street ' || i, 'no-login', 'USER', 'active', now() - i * interval '1 hour'
       FROM generate_series(1, ${sellers}) AS i`,
    `INSERT INTO vehicles (owner_id, title, make, model, year, price, mileage, transmission, fuel_type, condition,
                           exterior_color, interior_color, description, location, status, created_at, updated_at)
     SELECT o.ids[1 + (i % array_length(o.ids, 1))],
            (ARRAY['Toyota','Honda','Ford','BMW','Tesla','Audi','Kia','Hyundai','Volkswagen','Mazda'])[1 + i % 10] || ' ' ||
              (ARRAY['Corolla','Civic','Focus','X3','Model 3','A4','Sportage','Tucson','Golf','CX-5'])[1 + i % 10] || ' ' ||
              (2000 + (i * 7) % 27),
            (ARRAY['Toyota','Honda','Ford','BMW','Tesla','Audi','Kia','Hyundai','Volkswagen','Mazda'])[1 + i % 10],
            (ARRAY['Corolla','Civic','Focus','X3','Model 3','A4','Sportage','Tucson','Golf','CX-5'])[1 + i % 10],
            2000 + (i * 7) % 27,
            3000 + ((i::bigint * 2654435761) % 97000),
            (i * 37) % 200000,
            (ARRAY['Automatic','Manual','CVT'])[1 + (i / 3) % 3],
            (ARRAY['Petrol','Diesel','Hybrid','Electric','CNG'])[1 + (i / 10) % 5],
            (ARRAY['New','Like New','Excellent','Good','Fair'])[1 + (i / 7) % 5],
            (ARRAY['Black','White','Silver','Blue','Red'])[1 + i % 5],
            (ARRAY['Black','Beige','Grey'])[1 + i % 3],
            'A well kept car with full service history, listing number ' || i || '. One careful owner.',
            (ARRAY['Austin, TX','Denver, CO','Portland, OR','Miami, FL','Boston, MA'])[1 + i % 5],
            CASE i % 20 WHEN 0 THEN 'pending' WHEN 1 THEN 'sold' WHEN 2 THEN 'reserved' ELSE 'available' END,
            now() - i * interval '20 seconds',
            now() - i * interval '20 seconds'
       FROM generate_series(1, ${vehicles}) AS i,
            (SELECT array_agg(id) AS ids FROM users WHERE email LIKE '${tag}_seller%') AS o`,
  ];
  if (appointments > 0) {
    // One Pending booking per slot of the next 60 days (one place left at capacity 2), the rest in the past.
    const future = Math.min(appointments, 60 * 12);
    const past = appointments - future;
    const columns = `user_id, maintenance_type, specific_service, appointment_date, appointment_time, vehicle_make, vehicle_model,
                     vehicle_year, vehicle_registration, customer_name, customer_email, customer_phone, status, created_at`;
    const slots = `(ARRAY['08:00 AM','09:00 AM','10:00 AM','11:00 AM','12:00 PM','01:00 PM','02:00 PM','03:00 PM','04:00 PM','05:00 PM','06:00 PM','07:00 PM'])`;
    statements.push(
      `INSERT INTO maintenance_appointments (${columns})
       SELECT o.ids[1 + (i % array_length(o.ids, 1))], 'routine', 'Oil Change', (current_date - (1 + i / 12) * interval '1 day')::date,
              ${slots}[1 + i % 12], 'Toyota', 'Corolla', '2018', 'SEED-' || i, 'Seed Customer ' || i, 'seed' || i || '@bench.test',
              '+1 555 010 0101', CASE WHEN i % 7 = 0 THEN 'Cancelled' ELSE 'Completed' END, now() - (i / 12) * interval '1 day'
         FROM generate_series(0, ${Math.max(past - 1, -1)}) AS i,
              (SELECT array_agg(id) AS ids FROM users WHERE email LIKE '${tag}_seller%') AS o`,
      `INSERT INTO maintenance_appointments (${columns})
       SELECT o.ids[1 + (i % array_length(o.ids, 1))], 'routine', 'Oil Change', (current_date + (31 + i / 12) * interval '1 day')::date,
              ${slots}[1 + i % 12], 'Honda', 'Civic', '2020', 'SEED-F' || i, 'Seed Customer F' || i, 'seedf' || i || '@bench.test',
              '+1 555 010 0101', 'Pending', now()
         FROM generate_series(0, ${future - 1}) AS i,
              (SELECT array_agg(id) AS ids FROM users WHERE email LIKE '${tag}_seller%') AS o`,
      // The places those bookings hold (one service-bay hour each) and the counters (decision 018).
      `INSERT INTO appointment_holds (appointment_id, resource, date, start_hour, end_hour)
       SELECT id, 'Service bay', appointment_date,
              (substr(appointment_time, 1, 2)::int % 12) + CASE WHEN substr(appointment_time, 7, 2) = 'PM' THEN 12 ELSE 0 END,
              (substr(appointment_time, 1, 2)::int % 12) + CASE WHEN substr(appointment_time, 7, 2) = 'PM' THEN 12 ELSE 0 END + 1
         FROM maintenance_appointments WHERE status IN ('Pending', 'Scheduled')`,
      ...(multiDay
        ? [
            // Jobs of working days for the next 20 weeks: a five-day paint job Monday to Friday (the one paint booth
            // full all week) and a three-day collision repair Tuesday to Thursday (the one body bay).
            `INSERT INTO maintenance_appointments (${columns}, resource, duration_unit, duration_amount)
             SELECT o.ids[1 + (w % array_length(o.ids, 1))], j.type, j.service, (date_trunc('week', current_date)::date + (w * 7 + j.offset_days)),
                    '08:00 AM', 'Ford', 'Focus', '2016', 'SEED-M' || w || j.offset_days, 'Seed Customer M' || w, 'seedm' || w || '@bench.test',
                    '+1 555 010 0101', 'Scheduled', now(), j.resource, 'days', j.days
               FROM generate_series(1, 20) AS w,
                    (VALUES ('painting', 'Full Body Paint', 0, 'Paint booth', 5), ('denting', 'Collision Repair', 1, 'Body bay', 3))
                      AS j(type, service, offset_days, resource, days),
                    (SELECT array_agg(id) AS ids FROM users WHERE email LIKE '${tag}_seller%') AS o`,
            `INSERT INTO appointment_holds (appointment_id, resource, date, start_hour, end_hour)
             SELECT a.id, a.resource, a.appointment_date + d, 8, 20
               FROM maintenance_appointments a, generate_series(0, a.duration_amount - 1) AS d
              WHERE a.duration_unit = 'days' AND a.status IN ('Pending', 'Scheduled')`,
          ]
        : []),
      `INSERT INTO resource_hours (resource, date, hour, booked, capacity)
       SELECT h.resource, h.date, g.hour, count(*)::int, greatest(count(*)::int, CASE h.resource WHEN 'Service bay' THEN 2 ELSE 1 END)
         FROM appointment_holds h, generate_series(h.start_hour, h.end_hour - 1) AS g(hour)
        GROUP BY 1, 2, 3`,
    );
  }
  statements.push('ANALYZE');
  return statements;
}

export async function seedPostgres(url, options) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of seedStatements(options)) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Opens a PGlite data folder (the server must be stopped: one process at a time). */
export async function openPglite(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  return PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
}

export async function seedPglite(dir, options) {
  const db = await openPglite(dir);
  try {
    for (const statement of seedStatements(options)) await db.query(statement);
  } finally {
    await db.close();
  }
}

/** Runs the bulk seeder of the api (`node dist/seed.js --vehicles N`); false if it is not available. */
export async function bulkSeed({ dataDir, databaseUrl, vehicles, appointments }) {
  const proc = spawn(process.execPath, [path.join(API_DIST, 'seed.js'), '--vehicles', String(vehicles), '--appointments', String(appointments)], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', JWT_SECRET, LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (d) => (output += d));
  proc.stderr.on('data', (d) => (output += d));
  const [code] = await once(proc, 'exit');
  return { ok: code === 0, output: output.trim() };
}

export async function readProcStatus(pid) {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rssKb: kb('VmRSS') };
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) => cells.map((cell, i) => String(cell ?? '').padEnd(widths[i])).join('  ');
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c])))].join('\n');
}
