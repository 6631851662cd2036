// Round trips per request: builds the app in this process on DATABASE_URL (a seeded database; the server's
// own settings from the environment, e.g. PUBLIC_CACHE_MS=0), counts the SQL statements each GET sends to
// PostgreSQL, and prints them with the in-process latency and this process's CPU per request. Figures on a
// busy machine are for comparing runs, the statement counts are exact.
//   DATABASE_URL=postgres://.../db JWT_SECRET=... PUBLIC_CACHE_MS=0 npx tsx scripts/bench/round-trips.ts
// ROUND_TRIPS_URLS (comma-separated paths, default a, b, c and the facets), ROUND_TRIPS_N (default 200),
// ROUND_TRIPS_SQL=1 (print each statement of the first request with its values), ROUND_TRIPS_LOGIN=email:password
// (an account to sign in as first, e.g. an admin made with create-admin, for the admin routes).
// A URL written 'POST /path' is sent as a POST of ROUND_TRIPS_BODY (JSON); ROUND_TRIPS_STATUS is the status
// every measured answer must have (default 200; e.g. 409 for a booking refused at the customer's cap).
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openRuntime, systemClock } from '../../apps/api/src/runtime';

const DEFAULT_URLS = [
  '/api/vehicles?page=1',
  '/api/vehicles?fuelType=Electric&min_price=20000&max_price=40000&sort=price:asc',
  '/api/vehicles?page=500',
  '/api/vehicles/facets',
  '/api/vehicles/facets?make=Toyota',
];
const urls = process.env.ROUND_TRIPS_URLS?.split(',') ?? DEFAULT_URLS;
const N = Number(process.env.ROUND_TRIPS_N ?? 200);
const STATUS = Number(process.env.ROUND_TRIPS_STATUS ?? 200);
const BODY = process.env.ROUND_TRIPS_BODY ? (JSON.parse(process.env.ROUND_TRIPS_BODY) as object) : undefined;
/** 'POST /path' -> a POST of ROUND_TRIPS_BODY; '/path' -> a GET. */
const requestOf = (entry: string) =>
  entry.startsWith('POST ') ? { method: 'POST' as const, url: entry.slice(5), payload: BODY } : { method: 'GET' as const, url: entry };

const statements: string[] = [];
let sqlMs = 0;
type Query = (...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
// Every statement goes through Client#query (the pool calls it with a callback): counted and timed here.
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text: string; values?: unknown[] };
  const values = Array.isArray(args[1]) ? args[1] : typeof q === 'object' ? q.values : undefined;
  statements.push(`${typeof q === 'string' ? q : q.text} -- ${JSON.stringify(values ?? [])}`);
  const started = performance.now();
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...result: unknown[]) => {
      sqlMs += performance.now() - started;
      return (callback as (...r: unknown[]) => unknown)(...result);
    };
  }
  return query.apply(this, args);
};

const config = loadConfig();
const runtime = await openRuntime(config);
const app = await buildApp({ config, db: runtime.database.db, clock: systemClock, storage: runtime.storage, redis: runtime.redis, jwtSecret: runtime.jwtSecret });
await app.ready();
/** The bearer header of the account in ROUND_TRIPS_LOGIN, or none. */
async function signIn(login: string | undefined): Promise<Record<string, string>> {
  if (!login) return {};
  const at = login.indexOf(':');
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: login.slice(0, at), password: login.slice(at + 1) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return { authorization: `Bearer ${(res.json() as { tokens: { accessToken: string } }).tokens.accessToken}` };
}
try {
  const headers = await signIn(process.env.ROUND_TRIPS_LOGIN);
  for (const url of urls) {
    const request = { ...requestOf(url), headers };
    for (let i = 0; i < 20; i += 1) await app.inject(request);
    statements.length = 0;
    await app.inject(request);
    const first = [...statements];
    statements.length = 0;
    sqlMs = 0;
    const times: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < N; i += 1) {
      const started = performance.now();
      const res = await app.inject(request);
      times.push(performance.now() - started);
      if (res.statusCode !== STATUS) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    }
    const used = process.cpuUsage(cpu);
    times.sort((x, y) => x - y);
    console.log(
      `${url}\n  statements: ${first.length} on a warm request, ${(statements.length / N).toFixed(2)} on average over ${N}; ` +
        `p50 ${times[N >> 1]!.toFixed(2)} ms, p90 ${times[Math.floor(N * 0.9)]!.toFixed(2)} ms; SQL ${(sqlMs / N).toFixed(2)} ms and ` +
        `this process's CPU ${((used.user + used.system) / 1000 / N).toFixed(2)} ms per request`,
    );
    if (process.env.ROUND_TRIPS_SQL) for (const statement of first) console.log(`    ${statement}`);
  }
} finally {
  await app.close();
  await runtime.close();
}
