#!/usr/bin/env node
// Several nodes, proven: two API processes on one PostgreSQL database, with Redis and photos in an
// S3-compatible store (s3rver), behind a real load balancer (Debian's nginx, installed when missing).
// A mixed load goes through nginx (browse lists and details, register, log in, refresh, listings with
// photos, bookings, admin approvals); one node is killed with SIGKILL mid-run. Checked:
//   1. no committed write lost: every write answered 2xx is in the database afterwards;
//   2. sessions go on working on the survivor: each session opened before the kill refreshes and
//      makes an authenticated call after it;
//   3. the only failures are requests that were in flight on the killed node when it died (nginx's
//      log names the node), and every request sent after the kill succeeds;
//   4. every photo is served by either node (each URL fetched from both node ports once the killed
//      node is started again).
// TWO_NODES_SECONDS (default 75) of load, the kill at TWO_NODES_KILL_AT (default 0.4 of it),
// TWO_NODES_WORKERS (default 6) concurrent clients. REDIS (default redis://127.0.0.1:6379/12, emptied).
import os from 'node:os';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { bookableDates, bookingBody, createDatabase, dropDatabase, freePort, log, percentile, sleep, startServer, table, tempDir, TIME_SLOTS } from '../bench/lib.mjs';
import { NO_CUSTOMER_LIMITS, S3RVER_KEYS, ensureBuild, startNginx, startS3rver } from './lib.mjs';

const SECONDS = Number(process.env.TWO_NODES_SECONDS ?? 75);
const KILL_AT = Number(process.env.TWO_NODES_KILL_AT ?? 0.4);
const WORKERS = Number(process.env.TWO_NODES_WORKERS ?? 6);
const REDIS = process.env.REDIS ?? 'redis://127.0.0.1:6379/12';
const ADMIN = { email: 'nodes-admin@example.com', username: 'nodesadmin', password: 'Admin-Password-1' };
const REQUEST_TIMEOUT_MS = 60_000;

async function flushRedis() {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS, { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  redis.disconnect();
}

async function listBucket(s3) {
  const { ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_KEYS });
  const keys = [];
  let token;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
    for (const item of page.Contents ?? []) keys.push(item.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return keys;
}

const refreshCookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => /^refreshToken=([^;]*)/.exec(c)?.[1])
    .find((v) => v);

export async function runTwoNodes() {
  ensureBuild();
  const { default: sharp } = await import('sharp');
  const name = `dealer_nodes_${Date.now()}`;
  const dbUrl = await createDatabase(name);
  const dirs = [await tempDir('dealer-nodes-a'), await tempDir('dealer-nodes-b')];
  const failures = [];
  const results = { loadAverageAtStart: os.loadavg().map((v) => Number(v.toFixed(2))) };
  const check = (ok, message) => {
    if (!ok) failures.push(message);
    return ok;
  };
  let s3;
  let nginx;
  const nodes = [];
  try {
    await flushRedis();
    s3 = await startS3rver('nodes-photos');
    const ports = [await freePort(), await freePort()];
    const balancerPort = await freePort();
    const env = {
      ...s3.env,
      REDIS_URL: REDIS,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // A handful of clients make every write: the per-customer caps and slot capacity would answer
      // refusals, which are correct but would hide the failures this test looks for.
      ...NO_CUSTOMER_LIMITS,
      SLOT_CAPACITY: '100000',
    };
    // One after the other: the first applies the migrations.
    nodes.push(await startServer({ dataDir: dirs[0], databaseUrl: dbUrl, port: ports[0], env }));
    nodes.push(await startServer({ dataDir: dirs[1], databaseUrl: dbUrl, port: ports[1], env }));
    nginx = await startNginx({ upstreams: ports.map((p) => `127.0.0.1:${p}`), port: balancerPort });
    const base = nginx.url;
    log(`[two-nodes] nodes on ${ports.join(' and ')}, nginx on ${balancerPort}, S3 at ${s3.endpoint}; ${SECONDS} s of load, ${WORKERS} clients`);

    // ------------------------------------------------------------------ the load
    const requests = [];
    let seq = 0;
    // The kill is sent at killAt; the node is gone (its sockets closed) at goneAt, once its exit is seen.
    // Between the two the kernel may still accept connections for it: requests sent then are in flight
    // on the dying node too.
    let killAt = Infinity;
    let goneAt = Infinity;
    async function call(kind, method, url, { token, cookie, json, form } = {}) {
      seq += 1;
      const id = `tn-${seq}`;
      const headers = { 'x-request-id': id };
      if (token) headers.authorization = `Bearer ${token}`;
      if (cookie) headers.cookie = `refreshToken=${cookie}`;
      let body;
      if (json) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(json);
      } else if (form) body = form;
      const record = { id, kind, method, start: performance.now(), end: 0, status: 0, error: null };
      requests.push(record);
      try {
        const res = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const buffer = Buffer.from(await res.arrayBuffer());
        record.status = res.status;
        record.end = performance.now();
        let parsed = null;
        if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(buffer.toString('utf8'));
        return { ok: res.status >= 200 && res.status < 300, status: res.status, json: parsed, cookie: refreshCookieOf(res), record };
      } catch (error) {
        record.end = performance.now();
        record.error = error.cause?.code ?? error.name ?? String(error);
        return { ok: false, status: 0, json: null, record };
      }
    }

    // What the load wrote and was told succeeded; checked against the database afterwards.
    const written = { users: [], vehicles: [], bookings: [], approvals: [], schedules: [] };
    const sessions = [];
    const listingIds = [];
    const pendingVehicles = [];
    const pendingBookings = [];
    const dates = bookableDates(3, 30);
    const photos = await Promise.all(
      ['#1d4ed8', '#b91c1c', '#15803d', '#a16207'].map((color) =>
        sharp({ create: { width: 800, height: 500, channels: 3, background: color } }).jpeg({ quality: 70 }).toBuffer(),
      ),
    );

    const adminLogin = await call('login', 'POST', '/api/auth/login', { json: { emailOrUsername: ADMIN.email, password: ADMIN.password } });
    if (!adminLogin.ok) throw new Error(`admin login answered ${adminLogin.status}`);
    const admin = { token: adminLogin.json.tokens.accessToken, cookie: adminLogin.cookie, email: ADMIN.email, openedAt: adminLogin.record.end, requestIds: [adminLogin.record.id], refreshIds: [] };
    sessions.push(admin);

    let userCounter = 0;
    async function register() {
      userCounter += 1;
      const tag = `nodes${process.pid}x${userCounter}`;
      const form = new FormData();
      const password = 'Password123!';
      const fields = { username: tag, name: `Node User ${userCounter}`, phone: '+1 555 0100 200', email: `${tag}@example.com`, address: '1 Node Street', password, confirmPassword: password };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const res = await call('register', 'POST', '/api/auth/register', { form });
      if (!res.ok) return null;
      written.users.push(fields.email);
      const session = { token: res.json.tokens.accessToken, cookie: res.cookie, email: fields.email, password, openedAt: res.record.end, requestIds: [res.record.id], refreshIds: [] };
      sessions.push(session);
      return session;
    }
    const randomOf = (list) => list[Math.floor(Math.random() * list.length)];
    const customers = () => sessions.filter((s) => s !== admin);

    const actions = {
      async browse() {
        const page = 1 + Math.floor(Math.random() * 3);
        const res = await call('browse', 'GET', `/api/vehicles?page=${page}&limit=12`);
        for (const v of res.json?.data ?? []) if (!listingIds.includes(v._id)) listingIds.push(v._id);
      },
      async detail() {
        if (!listingIds.length) return actions.browse();
        await call('detail', 'GET', `/api/vehicles/${randomOf(listingIds)}`);
      },
      async register() {
        await register();
      },
      async login() {
        const known = customers().filter((s) => s.password);
        if (!known.length) return register();
        const who = randomOf(known);
        const res = await call('login', 'POST', '/api/auth/login', { json: { emailOrUsername: who.email, password: who.password } });
        if (res.ok) sessions.push({ token: res.json.tokens.accessToken, cookie: res.cookie, email: who.email, password: who.password, openedAt: res.record.end, requestIds: [res.record.id], refreshIds: [] });
      },
      async refresh() {
        const who = randomOf(customers());
        if (!who || who.busy) return;
        who.busy = true;
        const res = await call('refresh', 'POST', '/api/auth/refresh', { cookie: who.cookie });
        who.refreshIds.push(res.record.id);
        if (res.ok) Object.assign(who, { token: res.json.tokens.accessToken, cookie: res.cookie });
        else if (res.status === 0 || res.status >= 500) who.disrupted = true;
        who.busy = false;
      },
      async mine() {
        const who = randomOf(customers());
        if (!who) return register();
        const res = await call('mine', 'GET', '/api/vehicles/mine', { token: who.token });
        who.requestIds.push(res.record.id);
      },
      async createListing() {
        const who = randomOf(customers()) ?? (await register());
        if (!who) return;
        const form = new FormData();
        const count = 1 + Math.floor(Math.random() * 2);
        for (const [k, v] of Object.entries({ title: `Node listing ${seq}`, make: 'Volvo', model: 'XC40', year: '2021', price: String(20000 + seq), fuelType: 'Electric' })) form.append(k, v);
        for (let i = 0; i < count; i += 1) form.append('images', new Blob([randomOf(photos)], { type: 'image/jpeg' }), `photo${i}.jpg`);
        const res = await call('listing', 'POST', '/api/vehicles', { token: who.token, form });
        who.requestIds.push(res.record.id);
        if (!res.ok) return;
        const v = res.json.data;
        written.vehicles.push({ id: v._id, photos: count, urls: v.images.flatMap((image) => image.sizes.map((s) => s.url)) });
        // The revision the admin reviews: an approval names it (without it, only a version unchanged for 10 minutes is taken).
        pendingVehicles.push({ id: v._id, revision: v.revision });
      },
      async book() {
        const who = randomOf(customers()) ?? (await register());
        if (!who) return;
        const body = bookingBody(randomOf(dates), randomOf(TIME_SLOTS), seq);
        const res = await call('booking', 'POST', '/api/maintenance', { token: who.token, json: body });
        who.requestIds.push(res.record.id);
        if (!res.ok) return;
        const id = res.json.data._id ?? res.json.data.id;
        written.bookings.push(id);
        pendingBookings.push(id);
      },
      async approve() {
        const pending = pendingVehicles.shift();
        if (pending) {
          const form = new FormData();
          form.append('status', 'available');
          form.append('revision', String(pending.revision));
          const res = await call('approve', 'PATCH', `/api/vehicles/${pending.id}`, { token: admin.token, form });
          admin.requestIds.push(res.record.id);
          if (res.ok) written.approvals.push(pending.id);
        }
        const bookingId = pendingBookings.shift();
        if (bookingId) {
          const res = await call('schedule', 'PATCH', `/api/maintenance/${bookingId}`, { token: admin.token, json: { status: 'Scheduled', technician: 'Alex', cost: 120 } });
          admin.requestIds.push(res.record.id);
          if (res.ok) written.schedules.push(bookingId);
        }
      },
    };
    const weights = [
      ['browse', 30],
      ['detail', 20],
      ['mine', 8],
      ['register', 6],
      ['login', 5],
      ['refresh', 4],
      ['createListing', 10],
      ['book', 12],
      ['approve', 5],
    ];
    const totalWeight = weights.reduce((sum, [, w]) => sum + w, 0);
    const pick = () => {
      let r = Math.random() * totalWeight;
      for (const [action, w] of weights) if ((r -= w) < 0) return action;
      return 'browse';
    };

    for (let i = 0; i < 4; i += 1) await register();
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    const victim = nodes[0];
    const killer = (async () => {
      await sleep(SECONDS * 1000 * KILL_AT);
      killAt = performance.now();
      await victim.kill();
      goneAt = performance.now();
      results.killedAtSecond = Number(((killAt - started) / 1000).toFixed(1));
      results.killToExitMs = Math.round(goneAt - killAt);
      log(`[two-nodes] killed node ${victim.port} (SIGKILL) at ${results.killedAtSecond} s; its exit seen ${results.killToExitMs} ms later`);
    })();
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (performance.now() < endAt) {
          await actions[pick()]();
        }
      }),
    );
    await killer;
    results.loadAverageAfterLoad = os.loadavg().map((v) => Number(v.toFixed(2)));

    // ------------------------------------------------------------------ sessions on the survivor
    const byId = await nginx.readLog();
    const failed = (r) => r.error !== null || r.status < 200 || r.status >= 300;
    const inFlightOnVictim = (r) => {
      const entry = byId.get(r.id);
      return r.start < goneAt && r.end >= killAt && (entry ? entry.upstreams.includes(`:${victim.port}`) : r.error !== null);
    };
    const disruptedIds = new Set(requests.filter((r) => failed(r) && inFlightOnVictim(r)).map((r) => r.id));
    const before = sessions.filter((s) => s.openedAt < killAt);
    // A refresh that died with the node may have rotated the cookie in the database without the client
    // hearing of it: that session is a casualty of an in-flight request, not one that should survive.
    const survivors = before.filter((s) => !s.refreshIds.some((id) => disruptedIds.has(id)));
    let sessionsOk = 0;
    const sessionFailures = [];
    for (const s of survivors) {
      const refreshed = await call('after-kill refresh', 'POST', '/api/auth/refresh', { cookie: s.cookie });
      const me = refreshed.ok ? await call('after-kill mine', 'GET', '/api/vehicles/mine', { token: refreshed.json.tokens.accessToken }) : null;
      if (refreshed.ok && me?.ok) sessionsOk += 1;
      else sessionFailures.push(`${s.email}: refresh ${refreshed.status}${me ? `, my vehicles ${me.status}` : ''}`);
    }
    results.sessions = { openedBeforeKill: before.length, lostWithInFlightRefresh: before.length - survivors.length, workingAfterKill: sessionsOk };
    check(sessionFailures.length === 0, `sessions opened before the kill that stopped working on the survivor: ${sessionFailures.slice(0, 5).join('; ')}`);
    check(sessionsOk > 0, 'no session opened before the kill was checked');

    // ------------------------------------------------------------------ failures: only in flight on the killed node
    const rows = [];
    const kinds = [...new Set(requests.map((r) => r.kind))];
    let inFlight = 0;
    const unexpected = [];
    for (const r of requests) {
      if (!failed(r)) continue;
      if (inFlightOnVictim(r)) inFlight += 1;
      else unexpected.push(r);
    }
    for (const kind of kinds) {
      const mine = requests.filter((r) => r.kind === kind);
      const after = mine.filter((r) => r.start >= goneAt);
      rows.push({
        request: kind,
        sent: mine.length,
        '2xx': mine.filter((r) => !failed(r)).length,
        'in flight at kill, failed': mine.filter((r) => failed(r) && inFlightOnVictim(r)).length,
        'other failures': mine.filter((r) => failed(r) && !inFlightOnVictim(r)).length,
        'sent after kill': after.length,
        'p50 ms': Math.round(percentile(mine.map((r) => r.end - r.start), 50)),
        'p95 ms': Math.round(percentile(mine.map((r) => r.end - r.start), 95)),
      });
    }
    const afterKill = requests.filter((r) => r.start >= goneAt);
    results.requests = {
      total: requests.length,
      failedInFlightOnKilledNode: inFlight,
      otherFailures: unexpected.length,
      sentAfterKill: afterKill.length,
      failedAfterKill: afterKill.filter(failed).length,
    };
    results.servedBy = Object.fromEntries(
      ports.map((p) => [p, [...byId.values()].filter((e) => e.upstreams.split(', ').at(-1) === `127.0.0.1:${p}`).length]),
    );
    check(
      unexpected.length === 0,
      `requests that failed without being in flight on the killed node: ${unexpected
        .slice(0, 8)
        .map((r) => `${r.method} ${r.kind} ${r.status || r.error} at ${((r.start - started) / 1000).toFixed(1)} s via ${byId.get(r.id)?.upstreams ?? '?'}`)
        .join('; ')}`,
    );
    check(afterKill.length > 0 && afterKill.every((r) => !failed(r)), `${afterKill.filter(failed).length} of ${afterKill.length} requests sent after the kill failed`);

    // ------------------------------------------------------------------ no committed write lost
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const missing = [];
      const users = new Set((await client.query('SELECT email FROM users WHERE email = ANY($1)', [written.users])).rows.map((r) => r.email));
      for (const email of written.users) if (!users.has(email)) missing.push(`user ${email}`);
      const vehicleRows = await client.query(
        `SELECT v.id, v.status, count(i.key)::int AS photos FROM vehicles v LEFT JOIN vehicle_images i ON i.vehicle_id = v.id
          WHERE v.id = ANY($1) GROUP BY v.id, v.status`,
        [written.vehicles.map((v) => v.id)],
      );
      const vehicles = new Map(vehicleRows.rows.map((r) => [r.id, r]));
      for (const v of written.vehicles) {
        const row = vehicles.get(v.id);
        if (!row) missing.push(`listing ${v.id}`);
        else if (row.photos !== v.photos) missing.push(`listing ${v.id} has ${row.photos} of its ${v.photos} photos`);
      }
      for (const id of written.approvals) if (vehicles.get(id)?.status !== 'available') missing.push(`approval of ${id} (status ${vehicles.get(id)?.status})`);
      const bookingRows = await client.query('SELECT id, status FROM maintenance_appointments WHERE id = ANY($1)', [written.bookings]);
      const bookings = new Map(bookingRows.rows.map((r) => [r.id, r.status]));
      for (const id of written.bookings) if (!bookings.has(id)) missing.push(`booking ${id}`);
      for (const id of written.schedules) if (bookings.get(id) !== 'Scheduled') missing.push(`scheduling of ${id} (status ${bookings.get(id)})`);
      results.writesAnswered2xx = {
        users: written.users.length,
        listings: written.vehicles.length,
        photos: written.vehicles.reduce((n, v) => n + v.photos, 0),
        bookings: written.bookings.length,
        listingApprovals: written.approvals.length,
        bookingApprovals: written.schedules.length,
      };
      results.writesMissing = missing.length;
      check(missing.length === 0, `writes answered 2xx but missing from the database: ${missing.slice(0, 8).join('; ')}`);
    } finally {
      await client.end();
    }

    // ------------------------------------------------------------------ every photo from either node
    // The killed node comes back (as a supervisor would restart it) on the same port.
    const restarted = await startServer({ dataDir: dirs[0], databaseUrl: dbUrl, port: victim.port, env });
    nodes[0] = restarted;
    const urls = written.vehicles.flatMap((v) => v.urls);
    const photoFailures = [];
    let served = 0;
    for (const url of urls) {
      for (const node of nodes) {
        const res = await fetch(`${node.url}${url}`);
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.status === 200 && res.headers.get('content-type') === 'image/webp' && bytes.length > 0) served += 1;
        else photoFailures.push(`${url} from ${node.port}: ${res.status} ${res.headers.get('content-type')}`);
      }
    }
    results.photoFiles = { urls: urls.length, fetchesFromBothNodes: served, failed: photoFailures.length };
    // Photos written by a listing request that died with the node belong to no row: the sweep removes
    // them once they are older than a minute. Counted here, not an error.
    // After a node was killed mid-run, s3rver (the test's S3) answered this listing with a 500 InternalError in
    // both runs of 2026-12-01 (a bucket of whole uploads lists): the count is then said to be unknown; it decides nothing.
    const bucketKeys = await listBucket(s3).catch((error) => {
      log(`[two-nodes] the bucket could not be listed (${error.message}): its unreferenced objects are not counted`);
      return null;
    });
    const referenced = new Set(urls.map((u) => u.replace(/^\/uploads\//, '')));
    results.photoFiles.orphansLeftForTheSweep = bucketKeys ? bucketKeys.filter((k) => k.startsWith('vehicles/') && !referenced.has(k)).length : null;
    check(urls.length > 0, 'no listing with photos was created');
    check(photoFailures.length === 0, `photos not served by every node: ${photoFailures.slice(0, 5).join('; ')}`);
    results.loadAverageAtEnd = os.loadavg().map((v) => Number(v.toFixed(2)));

    log(`\n${table(rows, Object.keys(rows[0]))}\n`);
    log(
      table(
        [
          { check: 'no committed write lost', result: `${results.writesMissing} missing of ${Object.values(results.writesAnswered2xx).join('/')} (users/listings/photos/bookings/approvals/schedulings)` },
          { check: 'sessions on the survivor', result: `${sessionsOk} of ${survivors.length} opened before the kill work after it (${results.sessions.lostWithInFlightRefresh} lost with a refresh in flight)` },
          { check: 'failures only in flight on the killed node', result: `${inFlight} in flight, ${unexpected.length} other; ${results.requests.failedAfterKill} of ${afterKill.length} sent after the kill failed` },
          { check: 'every photo from either node', result: `${served} of ${urls.length * 2} fetches (${urls.length} files x 2 nodes); ${results.photoFiles.orphansLeftForTheSweep ?? 'uncounted'} unreferenced objects left for the sweep` },
          { check: 'answered by node (nginx log)', result: ports.map((p) => `${p}${p === victim.port ? ' (killed)' : ''}: ${results.servedBy[p]}`).join(', ') },
          { check: 'load average (1/5/15 min)', result: `${results.loadAverageAtStart.join(' ')} at start, ${results.loadAverageAfterLoad.join(' ')} after the load` },
        ],
        ['check', 'result'],
      ),
    );
  } finally {
    await nginx?.stop().catch(() => undefined);
    for (const node of nodes) await node.stop().catch(() => undefined);
    await s3?.close().catch(() => undefined);
    await dropDatabase(name);
    for (const d of dirs) await rm(d, { recursive: true, force: true });
    await flushRedis().catch(() => undefined);
  }
  log(`[two-nodes] ${JSON.stringify(results)}`);
  for (const f of failures) log(`  TWO-NODES CHECK FAILED: ${f}`);
  log(failures.length ? 'two-nodes: FAILED' : 'two-nodes: passed');
  return { ok: failures.length === 0, results, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runTwoNodes();
  process.exit(ok ? 0 : 1);
}
