#!/usr/bin/env node
// Overbooking race: RACE_ROUNDS rounds (default 1000), each firing RACE_PER_ROUND (default 8)
// simultaneous bookings at one slot through the production server, several rounds at a time.
// PostgreSQL: two server processes on one database (2 x pool 10 = 20 connections racing), requests
// split between them. PGlite: one server on a data folder (one connection: transactions queue).
// Checks: every slot got exactly SLOT_CAPACITY 201s and the rest 409, no hour over capacity in the
// database (resource_hours and the Pending/Scheduled rows), every counter equal to its holds. Exits 1 on a failed check.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  TIME_SLOTS,
  bookableDates,
  bookingBody,
  createDatabase,
  dropDatabase,
  log,
  openPglite,
  registerUser,
  startServer,
  tempDir,
} from '../bench/lib.mjs';
import { NO_CUSTOMER_LIMITS } from './lib.mjs';

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 1000);
const PER_ROUND = Number(process.env.RACE_PER_ROUND ?? 8);
const PARALLEL_ROUNDS = Number(process.env.RACE_PARALLEL_ROUNDS ?? 10);
const CAPACITY = 2;
/**
 * The servers' settings: SLOT_CAPACITY places a slot; no customer limits (24 customers book 2,000 places: no cap
 * on open bookings, on bookings a day or on booking e-mails a day) and a booking horizon past the last date raced
 * (1,000 rounds take 84 working days, about 98 days). Only the slot's capacity decides.
 */
const SERVER_ENV = { ...NO_CUSTOMER_LIMITS, SLOT_CAPACITY: String(CAPACITY), BOOKING_HORIZON_DAYS: '3650' };

function slots(count) {
  const dates = bookableDates(3, Math.ceil(count / TIME_SLOTS.length));
  const out = [];
  for (const date of dates) for (const time of TIME_SLOTS) if (out.length < count) out.push({ date, time });
  return out;
}

async function race(label, servers) {
  const users = [];
  for (let i = 0; i < 24; i += 1) users.push(await registerUser(servers[0].url, 'race'));
  const all = slots(ROUNDS);
  const outcome = new Map();
  const started = performance.now();
  let n = 0;
  let unexpected = 0;
  for (let i = 0; i < all.length; i += PARALLEL_ROUNDS) {
    const batch = all.slice(i, i + PARALLEL_ROUNDS);
    await Promise.all(
      batch.map(async (slot) => {
        const codes = await Promise.all(
          Array.from({ length: PER_ROUND }, async (_, k) => {
            n += 1;
            const server = servers[k % servers.length];
            const user = users[(k + i) % users.length];
            const res = await fetch(`${server.url}/api/maintenance`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
              body: JSON.stringify(bookingBody(slot.date, slot.time, n)),
            });
            await res.arrayBuffer();
            return res.status;
          }),
        );
        outcome.set(`${slot.date} ${slot.time}`, codes);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  let overfilled = 0;
  let wrongCount = 0;
  let created = 0;
  let refused = 0;
  for (const [slot, codes] of outcome) {
    const ok = codes.filter((c) => c === 201).length;
    const full = codes.filter((c) => c === 409).length;
    created += ok;
    refused += full;
    if (ok > CAPACITY) {
      overfilled += 1;
      log(`  OVERFILLED ${slot}: ${ok} bookings accepted`);
    }
    if (ok !== CAPACITY) wrongCount += 1;
    if (ok + full !== codes.length) {
      unexpected += codes.length - ok - full;
      log(`  unexpected answers at ${slot}: ${codes.join(',')}`);
    }
  }
  log(
    `[${label}] ${outcome.size} rounds x ${PER_ROUND} simultaneous bookings (${PARALLEL_ROUNDS} rounds at a time) in ${seconds.toFixed(1)} s: ` +
      `${created} x 201, ${refused} x 409, ${unexpected} other; slots over capacity: ${overfilled}; slots not exactly full: ${wrongCount}`,
  );
  return { rounds: outcome.size, perRound: PER_ROUND, created, refused, unexpected, overfilledAnswers: overfilled, notExactlyFull: wrongCount, seconds: Number(seconds.toFixed(1)) };
}

/**
 * The database's side: no hour of a resource booked past its capacity, no slot with more holding bookings than
 * places, and every hour's counter equal to the holds of the bookings holding a place (migration 0016).
 */
const DB_CHECK = `
  SELECT (SELECT count(*) FROM resource_hours WHERE booked > ${CAPACITY})::int AS slots_over,
         (SELECT count(*) FROM (SELECT appointment_date, appointment_time FROM maintenance_appointments
                                 WHERE status IN ('Pending', 'Scheduled') GROUP BY 1, 2 HAVING count(*) > ${CAPACITY}) x)::int AS rows_over,
         (SELECT count(*) FROM resource_hours r FULL JOIN (
            SELECT h.resource, h.date, g.hour, count(*)::int AS n
            FROM appointment_holds h JOIN maintenance_appointments a ON a.id = h.appointment_id AND a.status IN ('Pending', 'Scheduled'),
                 generate_series(h.start_hour, h.end_hour - 1) AS g(hour)
            GROUP BY 1, 2, 3) h ON h.resource = r.resource AND h.date = r.date AND h.hour = r.hour
          WHERE r.booked IS DISTINCT FROM h.n AND NOT (r.booked = 0 AND h.n IS NULL))::int AS counter_mismatch,
         (SELECT count(*) FROM appointment_holds)::int AS holds,
         (SELECT count(*) FROM maintenance_appointments)::int AS appointments`;

export async function runRace() {
  const results = {};
  let failed = false;

  // PostgreSQL: two processes, one database.
  const name = `dealer_race_${Date.now()}`;
  const url = await createDatabase(name);
  const dirs = [await tempDir('dealer-race-a'), await tempDir('dealer-race-b')];
  try {
    const a = await startServer({ dataDir: dirs[0], databaseUrl: url, env: SERVER_ENV });
    const b = await startServer({ dataDir: dirs[1], databaseUrl: url, env: SERVER_ENV });
    try {
      results.postgres = await race('postgres, 2 processes', [a, b]);
    } finally {
      await a.stop();
      await b.stop();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let rows;
    try {
      ({ rows } = await client.query(DB_CHECK));
    } finally {
      // Ended before the database is dropped (WITH FORCE would end it, an unhandled error).
      await client.end();
    }
    results.postgres.database = rows[0];
    log(`[postgres] database: ${JSON.stringify(rows[0])}`);
  } finally {
    await dropDatabase(name);
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  }

  // PGlite: one process on a data folder.
  const dir = await tempDir('dealer-race-pglite');
  try {
    const server = await startServer({ dataDir: dir, env: SERVER_ENV });
    try {
      results.pglite = await race('pglite', [server]);
    } finally {
      await server.stop();
    }
    const db = await openPglite(path.join(dir, 'db'));
    let rows;
    try {
      ({ rows } = await db.query(DB_CHECK));
    } finally {
      await db.close();
    }
    results.pglite.database = rows[0];
    log(`[pglite] database: ${JSON.stringify(rows[0])}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  for (const [kind, r] of Object.entries(results)) {
    const bad = r.overfilledAnswers > 0 || r.database.slots_over > 0 || r.database.rows_over > 0 || r.database.counter_mismatch > 0 || r.unexpected > 0 || r.notExactlyFull > 0;
    if (bad) {
      failed = true;
      log(`RACE FAILED on ${kind}`);
    }
  }
  log(failed ? 'race: FAILED' : 'race: passed (0 slots over capacity)');
  return { ok: !failed, results };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runRace();
  process.exit(ok ? 0 : 1);
}
