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
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, dropDatabase, log, registerUser, sleep, startServer, tempDir } from '../bench/lib.mjs';
import { NO_CUSTOMER_LIMITS } from './lib.mjs';
import { listFiles, photoBytes, photoFileKeys, writeLoad } from './write-load.mjs';

const ROUNDS = Number(process.env.LOSS_ROUNDS ?? 10);
const LOAD_MS = Number(process.env.LOSS_LOAD_MS ?? 1500);
const RECOVERY_LIMIT_MS = 5000;
const APP_NAME = 'dealer_connection_loss';

/** Counts each answer by status; keeps the 201s, and the 5xx answers that are not a 503 or lack the error envelope. */
function recordAnswer(seen) {
  return (kind, res, body) => {
    seen.statuses[res.status] = (seen.statuses[res.status] ?? 0) + 1;
    if (res.status === 201) {
      if (kind === 'listing') seen.listings.set(body.data._id, body.data.images.length);
      else seen.bookings.add(body.data._id);
    } else if (res.status >= 500) {
      const envelope = body?.status === 'ERROR' && body?.statusCode === res.status && typeof body?.message === 'string';
      if (!envelope) seen.badBodies.push(`${res.status} ${JSON.stringify(body)?.slice(0, 200)}`);
      if (res.status !== 503) seen.serverErrors.push(`${res.status} ${body?.message}`);
    }
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
      env: { ...NO_CUSTOMER_LIMITS, LOG_LEVEL: 'error' },
    });
    const users = [];
    for (let i = 0; i < 6; i += 1) users.push(await registerUser(server.url, 'loss'));
    const load = writeLoad({
      url: server.url,
      users,
      photos: await photoBytes(2),
      label: 'Loss',
      firstDay: 2,
      listingWorkers: 2,
      bookingWorkers: 3,
      onAnswer: recordAnswer(seen),
      // The server lives on: its loops go on after a cut request.
      onNetworkError: (error) => {
        seen.networkErrors.push(String(error?.cause?.code ?? error));
        return true;
      },
    });
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
    const expected = photoFileKeys(images);
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
