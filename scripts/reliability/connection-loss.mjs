#!/usr/bin/env node
// Connection loss: the production server on PostgreSQL under a write load (listings with photos,
// bookings); the server's connections are ended LOSS_ROUNDS times (default 10) with
// pg_terminate_backend, as a failover, a restart, pgbouncer or idle_in_transaction_session_timeout
// would. Checks:
//   1. the process stays up;
//   2. /api/health answers 200 again within 5 s of each loss (the figure: time to recover);
//   3. a request the loss cut answers 503 with the error envelope, never 500;
//   4. no half-written listing: every listing row has all its photo files, no photo file lacks its row,
//      and every listing and booking answered 201 is there.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  TIME_SLOTS,
  bookableDates,
  bookingBody,
  createDatabase,
  dropDatabase,
  log,
  registerUser,
  sleep,
  startServer,
  tempDir,
} from '../bench/lib.mjs';

const ROUNDS = Number(process.env.LOSS_ROUNDS ?? 10);
const LOAD_MS = Number(process.env.LOSS_LOAD_MS ?? 1500);
const RECOVERY_LIMIT_MS = 5000;
const APP_NAME = 'dealer_connection_loss';

async function photoBytes() {
  const { default: sharp } = await import('sharp');
  const make = (w, h, colour) =>
    sharp({ create: { width: w, height: h, channels: 3, background: colour } })
      .jpeg({ quality: 80 })
      .toBuffer();
  return [await make(900, 600, '#336699'), await make(500, 350, '#993366')];
}

async function listFiles(root) {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

const expectedWidths = (width) => [...[320, 640, 1280].filter((w) => w < (width ?? 1280)), width ?? 1280];

/** Listings and bookings until stop(); what was answered 201, and every other answer by status. */
function writeLoad(url, users, photos, seen) {
  let running = true;
  let n = 0;
  const dates = bookableDates(2, 60);
  const record = async (res, onCreated) => {
    const body = await res.json().catch(() => null);
    seen.statuses[res.status] = (seen.statuses[res.status] ?? 0) + 1;
    if (res.status === 201) onCreated(body.data);
    else if (res.status >= 500) {
      const envelope = body?.status === 'ERROR' && body?.statusCode === res.status && typeof body?.message === 'string';
      if (!envelope) seen.badBodies.push(`${res.status} ${JSON.stringify(body)?.slice(0, 200)}`);
      if (res.status !== 503) seen.serverErrors.push(`${res.status} ${body?.message}`);
    }
  };
  const listingWorker = async (w) => {
    while (running) {
      n += 1;
      const form = new FormData();
      const fields = {
        title: `Loss car ${n}`,
        make: 'Toyota',
        model: 'Corolla',
        year: '2019',
        price: String(10000 + n),
        description: 'Written while connections drop.',
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (let i = 0; i < 1 + (n % 2); i += 1) form.append('images', new Blob([photos[i]], { type: 'image/jpeg' }), `p${i}.jpg`);
      try {
        const res = await fetch(`${url}/api/vehicles`, {
          method: 'POST',
          headers: { authorization: `Bearer ${users[(n + w) % users.length].token}` },
          body: form,
        });
        await record(res, (data) => seen.listings.set(data._id, data.images.length));
      } catch (error) {
        seen.networkErrors.push(String(error?.cause?.code ?? error));
        await sleep(100);
      }
    }
  };
  const bookingWorker = async (w) => {
    while (running) {
      n += 1;
      try {
        const res = await fetch(`${url}/api/maintenance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${users[(n + w) % users.length].token}` },
          body: JSON.stringify(bookingBody(dates[n % dates.length], TIME_SLOTS[(n * 7) % 12], n)),
        });
        await record(res, (data) => seen.bookings.add(data._id));
      } catch (error) {
        seen.networkErrors.push(String(error?.cause?.code ?? error));
        await sleep(100);
      }
    }
  };
  const workers = [0, 1].map(listingWorker).concat([0, 1, 2].map(bookingWorker));
  return {
    stop() {
      running = false;
      return Promise.allSettled(workers);
    },
  };
}

export async function runConnectionLoss() {
  const name = `dealer_loss_${Date.now()}`;
  const base = await createDatabase(name);
  const databaseUrl = `${base}?application_name=${APP_NAME}`;
  const dataDir = await tempDir('dealer-loss');
  const admin = new pg.Client({ connectionString: base });
  const failures = [];
  const seen = { listings: new Map(), bookings: new Set(), statuses: {}, badBodies: [], serverErrors: [], networkErrors: [] };
  const recoveryMs = [];
  let terminated = 0;
  try {
    await admin.connect();
    const server = await startServer({
      dataDir,
      databaseUrl,
      env: { MAX_OPEN_BOOKINGS: '100000', UPLOAD_PHOTOS_PER_HOUR: '100000', LOG_LEVEL: 'error' },
    });
    const users = [];
    for (let i = 0; i < 6; i += 1) users.push(await registerUser(server.url, 'loss'));
    const photos = await photoBytes();
    const load = writeLoad(server.url, users, photos, seen);
    for (let round = 1; round <= ROUNDS; round += 1) {
      await sleep(LOAD_MS);
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [APP_NAME],
      );
      terminated += rowCount ?? 0;
      const lostAt = performance.now();
      let healthy = false;
      while (performance.now() - lostAt < 15_000) {
        if (server.proc.exitCode !== null || server.proc.signalCode !== null) break;
        const res = await fetch(`${server.url}/api/health`).catch(() => null);
        if (res?.status === 200) {
          healthy = true;
          break;
        }
        await sleep(25);
      }
      const ms = Math.round(performance.now() - lostAt);
      recoveryMs.push(ms);
      if (server.proc.exitCode !== null || server.proc.signalCode !== null) {
        failures.push(
          `round ${round}: the server process exited (${server.proc.exitCode ?? server.proc.signalCode}) after its connections were ended:\n${server.stderr.slice(-2000)}`,
        );
        break;
      }
      if (!healthy || ms > RECOVERY_LIMIT_MS)
        failures.push(`round ${round}: /api/health not 200 within ${RECOVERY_LIMIT_MS} ms of the loss (${ms} ms)`);
      log(`[connection-loss] round ${round}: ${rowCount} connections ended, healthy again in ${ms} ms`);
    }
    await load.stop();
    const alive = server.proc.exitCode === null && server.proc.signalCode === null;
    if (alive) await server.stop();

    const query = async (text) => (await admin.query(text)).rows;
    const images = await query('SELECT i.vehicle_id, i.key, i.width FROM vehicle_images i');
    const vehicleRows = await query(
      'SELECT v.id, (SELECT count(*) FROM vehicle_images i WHERE i.vehicle_id = v.id)::int AS images FROM vehicles v',
    );
    const bookingIds = new Set((await query('SELECT id FROM maintenance_appointments')).map((r) => r.id));
    const files = await listFiles(path.join(dataDir, 'uploads'));
    const expected = new Set(
      images.flatMap((i) => expectedWidths(i.width).map((w) => `vehicles/${i.vehicle_id}/${i.key}-${w}.webp`)),
    );
    const vehicleFiles = files.filter((f) => f.startsWith('vehicles/'));
    const missing = [...expected].filter((f) => !files.includes(f));
    const orphans = vehicleFiles.filter((f) => !expected.has(f));
    const rows = new Map(vehicleRows.map((r) => [r.id, r.images]));
    const lostListings = [...seen.listings].filter(([id, count]) => rows.get(id) !== count).length;
    const lostBookings = [...seen.bookings].filter((id) => !bookingIds.has(id)).length;
    if (missing.length)
      failures.push(`${missing.length} photo files missing for listing rows, e.g. ${missing.slice(0, 3).join(', ')}`);
    if (orphans.length)
      failures.push(
        `${orphans.length} photo files (or partial .tmp files) without a listing row, e.g. ${orphans.slice(0, 3).join(', ')}`,
      );
    if (lostListings) failures.push(`${lostListings} listings answered 201 are missing or have other photos`);
    if (lostBookings) failures.push(`${lostBookings} bookings answered 201 are gone`);
    if (seen.serverErrors.length)
      failures.push(
        `${seen.serverErrors.length} answers were a 5xx other than 503, e.g. ${seen.serverErrors.slice(0, 3).join('; ')}`,
      );
    if (seen.badBodies.length)
      failures.push(`${seen.badBodies.length} 5xx answers without the error envelope, e.g. ${seen.badBodies[0]}`);
    if (!seen.statuses[201]) failures.push('nothing was written: the load did not run');
    const results = {
      rounds: ROUNDS,
      connectionsEnded: terminated,
      processStayedUp: alive,
      recoveryMs,
      recoveryMaxMs: Math.max(...recoveryMs),
      statuses: seen.statuses,
      listingsAnswered201: seen.listings.size,
      bookingsAnswered201: seen.bookings.size,
      listingRows: vehicleRows.length,
      photoFiles: vehicleFiles.length,
      orphanFiles: orphans.length,
      missingFiles: missing.length,
      networkErrors: seen.networkErrors.length,
    };
    log(`[connection-loss] ${JSON.stringify(results)}`);
    for (const f of failures) log(`  CONNECTION-LOSS CHECK FAILED: ${f}`);
    return { ok: failures.length === 0, results, failures };
  } finally {
    await admin.end().catch(() => undefined);
    await dropDatabase(name);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runConnectionLoss();
  process.exit(ok ? 0 : 1);
}
