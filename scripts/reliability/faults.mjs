#!/usr/bin/env node
// Faults of the whole product: the production server on a private PostgreSQL (and, in a second pass,
// a private Redis), under steady reads (the public list, health) and writes (registrations, which
// queue a welcome e-mail job, and bookings), while FAULT_CYCLES (default 3) times each fault strikes
// (FAULT_PASS=postgres or postgres+redis runs one pass only):
//   terminate: every connection of the server ended (pg_terminate_backend: a pooler, a failover);
//   restart:   PostgreSQL restarted (fast shutdown, then up again);
//   stop:      PostgreSQL stopped for FAULT_OUTAGE_MS (default 10 s), then started;
//   redis:     (second pass) Redis stopped for FAULT_OUTAGE_MS, then started empty.
// Checks:
//   1. the same server process throughout;
//   2. /api/health is 200 within 5 s of the database being back (of the fault, for terminate);
//   3. while PostgreSQL is stopped, answers are prompt 503s with Retry-After (never a hang);
//      while Redis is stopped, the list is still served (200) and limits count in Redis again after;
//   4. no request left hanging (each has a 15 s deadline) and no dropped connection; no 5xx but 503;
//   5. no more connections to the database afterwards than under the same traffic before, and one
//      change-bus listener;
//   6. every acknowledged write is there (users, bookings), each registration has its welcome e-mail,
//      and every e-mail not yet delivered still has a job waiting (none lost, none failed).
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { TIME_SLOTS, bookableDates, bookingBody, log, sleep, startServer, tempDir } from '../bench/lib.mjs';
import { NO_CUSTOMER_LIMITS, ensureBuild } from './lib.mjs';
import { hasRedisServer, startPrivatePostgres, startPrivateRedis } from './private-services.mjs';

const CYCLES = Number(process.env.FAULT_CYCLES ?? 3);
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 10_000);
/** 'postgres' or 'postgres+redis' runs that pass only. */
const ONLY_PASS = process.env.FAULT_PASS;
const REQUEST_DEADLINE_MS = 15_000;
const RECOVERY_LIMIT_MS = 5000;
/** A 503 during an outage must come at least this fast (the pool's connect timeout is 5 s). */
const PROMPT_LIMIT_MS = 6000;
const APP_NAME = 'dealer_faults_suite';
const POOL_SIZE = 5;

/** One request with a deadline: { status, headers, body, ms } or { error: 'hang' | code, ms }. */
async function call(url, init = {}) {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_DEADLINE_MS) });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body, ms: performance.now() - started };
  } catch (error) {
    const hang = error?.name === 'TimeoutError';
    return { error: hang ? 'hang' : String(error?.cause?.code ?? error?.message ?? error), ms: performance.now() - started };
  }
}

/** Steady reads and writes until stop(); every answer is judged, every acknowledged write kept. */
function steadyTraffic(url, booker) {
  const seen = { statuses: {}, hangs: [], dropped: [], bad: [], users: [], bookings: [] };
  let running = true;
  const judge = (what, answer) => {
    if (answer.error === 'hang') seen.hangs.push(what);
    else if (answer.error) seen.dropped.push(`${what}: ${answer.error}`);
    else {
      seen.statuses[answer.status] = (seen.statuses[answer.status] ?? 0) + 1;
      if (answer.status >= 500 && (answer.status !== 503 || !answer.retryAfter || answer.body?.statusCode !== 503))
        seen.bad.push(`${what}: ${answer.status} retry-after=${answer.retryAfter} ${JSON.stringify(answer.body).slice(0, 160)}`);
    }
    return answer;
  };
  const loop = async (body) => {
    while (running) {
      await body();
      await sleep(40);
    }
  };
  const dates = bookableDates(3, 60);
  let n = 0;
  const workers = [
    loop(async () => void judge('list', await call(`${url}/api/vehicles?limit=12`))),
    loop(async () => void judge('health', await call(`${url}/api/health`))),
    loop(async () => {
      n += 1;
      const tag = `f${Date.now().toString(36)}${n}`;
      const form = new FormData();
      const fields = { username: tag, name: `Fault ${tag}`, phone: '+1 555 0100 200', email: `${tag}@example.com`, address: '1 Fault Street', password: 'Password123!', confirmPassword: 'Password123!' };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const answer = judge('register', await call(`${url}/api/auth/register`, { method: 'POST', body: form }));
      if (answer.status === 201) seen.users.push(fields.email);
    }),
    loop(async () => {
      n += 1;
      const answer = judge(
        'booking',
        await call(`${url}/api/maintenance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${booker.token}` },
          body: JSON.stringify(bookingBody(dates[n % dates.length], TIME_SLOTS[n % TIME_SLOTS.length], n)),
        }),
      );
      if (answer.status === 201) seen.bookings.push(answer.body.data._id);
    }),
  ];
  return {
    seen,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function adminQuery(url, text, values) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The database's connections, sampled every 250 ms for `ms` under the traffic: the most seen. */
async function connectionsUnderTraffic(adminUrl, database, ms = 4000) {
  let most = 0;
  for (const until = performance.now() + ms; performance.now() < until; await sleep(250)) {
    const [row] = await adminQuery(adminUrl, 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [database]);
    most = Math.max(most, row.n);
  }
  return most;
}

async function waitForHealth(url, server, limitMs = 15_000) {
  const started = performance.now();
  while (performance.now() - started < limitMs && server.proc.exitCode === null && server.proc.signalCode === null) {
    if ((await call(`${url}/api/health`)).status === 200) return Math.round(performance.now() - started);
    await sleep(50);
  }
  return Infinity;
}

async function runPass({ postgres, redis, label }) {
  const failures = [];
  const database = `dealer_faults_${label.replace(/\W/g, '_')}`;
  await adminQuery(postgres.url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await adminQuery(postgres.url, `CREATE DATABASE ${database}`);
  const dataDir = await tempDir('dealer-faults');
  const server = await startServer({
    dataDir,
    databaseUrl: `${postgres.dbUrl(database)}?application_name=${APP_NAME}`,
    env: {
      REDIS_URL: redis?.url ?? '',
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      ...NO_CUSTOMER_LIMITS,
      LOG_LEVEL: 'warn',
    },
  });
  const pid = server.proc.pid;
  const alive = () => server.proc.exitCode === null && server.proc.signalCode === null && server.proc.pid === pid;
  const rounds = [];
  let traffic;
  try {
    const booker = await (async () => {
      const form = new FormData();
      const fields = { username: 'faultbooker', name: 'Fault Booker', phone: '+1 555 0100 200', email: 'faultbooker@example.com', address: '1 Fault Street', password: 'Password123!', confirmPassword: 'Password123!' };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const res = await call(`${server.url}/api/auth/register`, { method: 'POST', body: form });
      if (res.status !== 201) throw new Error(`could not register the booker: ${res.status}`);
      return { token: res.body.tokens.accessToken };
    })();
    traffic = steadyTraffic(server.url, booker);
    await sleep(3000);
    const connectionsBefore = await connectionsUnderTraffic(postgres.url, database);

    const faults = ['terminate', 'restart', 'stop', ...(redis ? ['redis'] : [])];
    for (let cycle = 1; cycle <= CYCLES && alive(); cycle += 1) {
      for (const fault of faults) {
        const round = { cycle, fault };
        const struck = performance.now();
        if (fault === 'terminate') {
          const rows = await adminQuery(
            postgres.url,
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
            [APP_NAME],
          );
          round.connectionsEnded = rows.length;
          round.healthyAfterMs = await waitForHealth(server.url, server);
        } else if (fault === 'restart') {
          postgres.restart();
          round.healthyAfterMs = await waitForHealth(server.url, server);
        } else if (fault === 'stop') {
          postgres.stop();
          const probes = [];
          for (const until = performance.now() + OUTAGE_MS; performance.now() < until; await sleep(500)) {
            const [health, list] = await Promise.all([call(`${server.url}/api/health`), call(`${server.url}/api/vehicles?limit=12`)]);
            probes.push({ what: 'health', ...health }, { what: 'list', ...list });
          }
          const slow = probes.filter((p) => p.error || p.ms > PROMPT_LIMIT_MS);
          const wrong = probes.filter((p) => !p.error && !(p.status === 503 && p.retryAfter) && !(p.what === 'list' && p.status === 200));
          round.outageProbes = probes.length;
          round.outageSlowestMs = Math.round(Math.max(...probes.map((p) => p.ms)));
          if (slow.length) failures.push(`${label} cycle ${cycle} stop: ${slow.length} answers slower than ${PROMPT_LIMIT_MS} ms or cut (${slow.map((p) => p.error ?? Math.round(p.ms)).join(', ')})`);
          if (wrong.length) failures.push(`${label} cycle ${cycle} stop: ${wrong.length} answers were not a 503 with Retry-After, e.g. ${wrong[0].what} ${wrong[0].status} retry-after=${wrong[0].retryAfter}`);
          postgres.start();
          round.healthyAfterMs = await waitForHealth(server.url, server);
        } else if (fault === 'redis') {
          await redis.stop();
          const statuses = [];
          for (const until = performance.now() + OUTAGE_MS; performance.now() < until; await sleep(500)) {
            const list = await call(`${server.url}/api/vehicles?limit=12`);
            statuses.push(list.error ?? list.status);
          }
          round.outageListStatuses = statuses.filter((s) => s !== 200).length ? statuses : `${statuses.length} x 200`;
          if (statuses.some((s) => s !== 200)) failures.push(`${label} cycle ${cycle} redis: the list answered ${statuses.join(' ')} while Redis was away`);
          await redis.start();
          // Limits are shared again: the traffic's requests are counted in the new (empty) Redis.
          const back = performance.now();
          let keys = 0;
          while (performance.now() - back < 10_000 && keys === 0) {
            await sleep(250);
            keys = await redisKeyCount(redis.port, 'dealer-rl-*');
          }
          round.redisCountingAgainMs = keys ? Math.round(performance.now() - back) : Infinity;
          if (!keys) failures.push(`${label} cycle ${cycle} redis: nothing was counted in Redis within 10 s of its return`);
          round.healthyAfterMs = await waitForHealth(server.url, server);
        }
        round.ms = Math.round(performance.now() - struck);
        rounds.push(round);
        log(`[faults] ${label} cycle ${cycle} ${fault}: ${JSON.stringify(round)}`);
        if (!alive()) {
          failures.push(`${label} cycle ${cycle} ${fault}: the server process ended (${server.proc.exitCode ?? server.proc.signalCode}):\n${server.stderr.slice(-2000)}`);
          break;
        }
        if (!(round.healthyAfterMs <= RECOVERY_LIMIT_MS))
          failures.push(`${label} cycle ${cycle} ${fault}: /api/health not 200 within ${RECOVERY_LIMIT_MS} ms (${round.healthyAfterMs} ms)`);
        await sleep(1500);
      }
    }

    // The change bus reconnects with a backoff of up to 5 s; then the same traffic as before.
    await sleep(6000);
    const connectionsAfter = alive() ? await connectionsUnderTraffic(postgres.url, database) : null;
    // The change bus listens through Redis when there is one, else through PostgreSQL.
    const listeners = redis
      ? await redisSubscribers(redis.port, 'dealer_public_changes')
      : (
          await adminQuery(
            postgres.url,
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'",
            [database],
          )
        )[0].n;
    await traffic.stop();
    const { seen } = traffic;
    traffic = undefined;
    if (connectionsAfter !== null && connectionsAfter > connectionsBefore)
      failures.push(`${label}: ${connectionsAfter} connections under traffic after the faults, ${connectionsBefore} before`);
    if (alive() && listeners !== 1) failures.push(`${label}: ${listeners} change-bus listeners after the faults, not 1`);
    if (seen.hangs.length) failures.push(`${label}: ${seen.hangs.length} requests hung past ${REQUEST_DEADLINE_MS} ms (${seen.hangs.slice(0, 5).join(', ')})`);
    if (seen.dropped.length) failures.push(`${label}: ${seen.dropped.length} requests had their connection dropped, e.g. ${seen.dropped[0]}`);
    if (seen.bad.length) failures.push(`${label}: ${seen.bad.length} bad 5xx answers, e.g. ${seen.bad[0]}`);
    if (!seen.users.length || !seen.bookings.length) failures.push(`${label}: the write load did not run (${seen.users.length} users, ${seen.bookings.length} bookings)`);

    // Every acknowledged write, and the e-mail work it queued.
    const dbUrl = postgres.dbUrl(database);
    const users = new Set((await adminQuery(dbUrl, 'SELECT email FROM users')).map((r) => r.email));
    const bookings = new Set((await adminQuery(dbUrl, 'SELECT id FROM maintenance_appointments')).map((r) => r.id));
    const lostUsers = seen.users.filter((e) => !users.has(e));
    const lostBookings = seen.bookings.filter((id) => !bookings.has(id));
    if (lostUsers.length) failures.push(`${label}: ${lostUsers.length} registrations answered 201 are missing`);
    if (lostBookings.length) failures.push(`${label}: ${lostBookings.length} bookings answered 201 are missing`);
    const mail = await adminQuery(
      dbUrl,
      `SELECT m.to_address, m.status,
              (SELECT count(*)::int FROM pgboss.job j WHERE j.name = 'email-send' AND j.data->>'messageId' = m.id::text
                 AND j.state IN ('created', 'retry', 'active')) AS waiting,
              (SELECT string_agg(j.state::text || ' after ' || j.retry_count || ' tries, made '
                        || round(extract(epoch FROM now() - j.created_on) / 10) * 10 || ' s ago', ', ') FROM pgboss.job j
                WHERE j.name = 'email-send' AND j.data->>'messageId' = m.id::text AND j.state IN ('created', 'retry', 'active')) AS job
         FROM email_messages m WHERE m.kind = 'welcome'`,
    );
    const byAddress = new Map(mail.map((m) => [m.to_address, m]));
    const noWelcome = seen.users.filter((e) => !byAddress.has(e));
    const failedMail = mail.filter((m) => m.status === 'failed');
    const strandedMail = mail.filter((m) => m.status === 'queued' && m.waiting === 0);
    if (noWelcome.length) failures.push(`${label}: ${noWelcome.length} registrations have no welcome e-mail`);
    if (failedMail.length) failures.push(`${label}: ${failedMail.length} welcome e-mails failed for good`);
    if (strandedMail.length) failures.push(`${label}: ${strandedMail.length} welcome e-mails are queued with no job left to send them`);
    if (/unhandled/i.test(server.stderr)) failures.push(`${label}: the server logged an unhandled error:\n${server.stderr.slice(-1500)}`);

    return {
      failures,
      results: {
        rounds: rounds.length,
        sameProcess: alive(),
        healthyAfterMaxMs: Math.max(...rounds.map((r) => r.healthyAfterMs)),
        outageSlowestMs: Math.max(0, ...rounds.map((r) => r.outageSlowestMs ?? 0)),
        connectionsBefore,
        connectionsAfter,
        listeners,
        statuses: seen.statuses,
        usersAnswered201: seen.users.length,
        bookingsAnswered201: seen.bookings.length,
        welcomeEmails: {
          total: mail.length,
          delivered: mail.filter((m) => m.status === 'delivered').length,
          waiting: mail.filter((m) => m.status === 'queued').length,
          // Why they wait: a try cut by an outage is retried after 30 s, doubling; one whose failure could not be recorded waits for its expiry.
          waitingJobs: mail.filter((m) => m.job).reduce((counts, m) => ({ ...counts, [m.job]: (counts[m.job] ?? 0) + 1 }), {}),
        },
        details: rounds,
      },
    };
  } finally {
    await traffic?.stop();
    if (alive()) await server.stop();
    else await server.kill().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `ask(client)` through a short-lived Redis client; 0 while Redis cannot answer. */
async function askRedis(port, ask) {
  const { Redis } = await import('ioredis');
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return await ask(client);
  } catch {
    return 0;
  } finally {
    client.disconnect();
  }
}
const redisKeyCount = (port, pattern) => askRedis(port, async (client) => (await client.keys(pattern)).length);
const redisSubscribers = (port, channel) => askRedis(port, async (client) => Number((await client.pubsub('NUMSUB', channel))[1]));

export async function runFaults() {
  ensureBuild();
  const postgres = await startPrivatePostgres();
  const withRedis = hasRedisServer();
  const redis = withRedis ? await startPrivateRedis() : undefined;
  const failures = [];
  const results = {};
  try {
    const passes = [{ label: 'postgres' }, ...(redis ? [{ label: 'postgres+redis', redis }] : [])];
    for (const pass of passes.filter((p) => !ONLY_PASS || p.label === ONLY_PASS)) {
      const { failures: passFailures, results: passResults } = await runPass({ postgres, ...pass });
      failures.push(...passFailures);
      results[pass.label] = passResults;
      const { details, ...summary } = passResults;
      void details;
      log(`[faults] ${pass.label}: ${JSON.stringify(summary)}`);
    }
    if (!redis) failures.push('redis-server is not installed: the pass with Redis did not run');
  } finally {
    await redis?.destroy();
    await postgres.destroy();
  }
  for (const f of failures) log(`  FAULT CHECK FAILED: ${f}`);
  return { ok: failures.length === 0, results: { cycles: CYCLES, outageMs: OUTAGE_MS, ...results }, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runFaults();
  process.exit(ok ? 0 : 1);
}
