#!/usr/bin/env node
// Two server processes on one PostgreSQL database, on different ports: a listing made through one is
// served by the other (detail, list, the owner's My Vehicles), a session made on one works on the other,
// and with REDIS_URL the rate limits are shared: failed logins split across both processes reach the
// login limit (429) at the same count as on one process, and so does the global API limit.
// REDIS (default redis://127.0.0.1:6379/13; the script empties that Redis database first).
import { rm } from 'node:fs/promises';
import { createDatabase, dropDatabase, log, registerUser, startServer, tempDir } from '../bench/lib.mjs';

const REDIS = process.env.REDIS ?? 'redis://127.0.0.1:6379/13';
const LOGIN_LIMIT = 6;
const API_LIMIT = 60;

async function flushRedis() {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS, { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  redis.disconnect();
}

export async function runTwoProcess() {
  const name = `dealer_two_${Date.now()}`;
  const url = await createDatabase(name);
  const dirs = [await tempDir('dealer-two-a'), await tempDir('dealer-two-b')];
  const failures = [];
  const results = {};
  const check = (ok, message) => {
    if (!ok) failures.push(message);
    return ok;
  };
  try {
    await flushRedis();
    const env = {
      REDIS_URL: REDIS,
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      API_RATE_LIMIT: String(API_LIMIT),
      ADMIN_EMAIL: 'two-admin@example.com',
      ADMIN_USERNAME: 'twoadmin',
      ADMIN_PASSWORD: 'Admin-Password-1',
    };
    const a = await startServer({ dataDir: dirs[0], databaseUrl: url, env });
    const b = await startServer({ dataDir: dirs[1], databaseUrl: url, env });
    try {
      // A listing made on A, served by B.
      const login = await fetch(`${a.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailOrUsername: 'two-admin@example.com', password: 'Admin-Password-1' }),
      });
      check(login.status === 200, `admin login on A answered ${login.status}`);
      const adminToken = (await login.json()).tokens?.accessToken;
      const form = new FormData();
      for (const [k, v] of Object.entries({ title: 'Two process car', make: 'Volvo', model: 'XC40', year: '2022', price: '31000', fuelType: 'Electric' })) form.append(k, v);
      const created = await fetch(`${a.url}/api/vehicles`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
      check(created.status === 201, `listing on A answered ${created.status}`);
      const id = (await created.json()).data?._id;
      const detail = await fetch(`${b.url}/api/vehicles/${id}`);
      const list = await (await fetch(`${b.url}/api/vehicles?search=Volvo`)).json();
      results.listingServedByOther = check(detail.status === 200, `B answered ${detail.status} for the listing made on A`) && check(list.data?.some((v) => v._id === id), 'B does not list the listing made on A');

      // A seller's pending listing made on B, seen by its owner on A with the token issued by B.
      const seller = await registerUser(b.url, 'two');
      const pendingForm = new FormData();
      for (const [k, v] of Object.entries({ title: 'Pending two process car', make: 'Kia', model: 'Niro', year: '2021', price: '21000' })) pendingForm.append(k, v);
      const pending = await fetch(`${b.url}/api/vehicles`, { method: 'POST', headers: { authorization: `Bearer ${seller.token}` }, body: pendingForm });
      const pendingId = (await pending.json()).data?._id;
      const mine = await (await fetch(`${a.url}/api/vehicles/mine`, { headers: { authorization: `Bearer ${seller.token}` } })).json();
      results.sessionAcrossProcesses = check(mine.data?.some((v) => v._id === pendingId), "A does not show the seller's listing made on B (My Vehicles)");

      // Failed logins alternating between A and B: the shared limit refuses the (LIMIT+1)th.
      const statuses = [];
      for (let i = 0; i < LOGIN_LIMIT + 2; i += 1) {
        const server = i % 2 === 0 ? a : b;
        const res = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ emailOrUsername: seller.email, password: 'Wrong-password-1' }),
        });
        statuses.push(res.status);
      }
      results.loginStatuses = statuses;
      const firstRefused = statuses.indexOf(429) + 1;
      results.loginRefusedAt = firstRefused;
      check(firstRefused === LOGIN_LIMIT + 1, `login limit of ${LOGIN_LIMIT} split over two processes: first 429 at attempt ${firstRefused || 'never'} (${statuses.join(',')})`);

      // The global API limit, shared: calls alternating between A and B are refused after API_LIMIT in all.
      let refusedAt = 0;
      let calls = 0;
      for (let i = 0; i < API_LIMIT + 20 && !refusedAt; i += 1) {
        const server = i % 2 === 0 ? a : b;
        const res = await fetch(`${server.url}/api/maintenance/settings`);
        await res.arrayBuffer();
        calls += 1;
        if (res.status === 429) refusedAt = calls;
      }
      results.apiLimit = API_LIMIT;
      results.apiRefusedAtCall = refusedAt;
      // Calls made above (logins, lists, creates) count too, so a shared limit refuses before call API_LIMIT + 1;
      // two separate per-process limits would let about twice as many through.
      check(refusedAt > 0 && refusedAt <= API_LIMIT, `global API limit of ${API_LIMIT} over two processes: first 429 at call ${refusedAt || 'never'}`);
    } finally {
      await a.stop();
      await b.stop();
    }
  } finally {
    await dropDatabase(name);
    for (const d of dirs) await rm(d, { recursive: true, force: true });
    await flushRedis().catch(() => undefined);
  }
  log(`[two-process] ${JSON.stringify(results)}`);
  for (const f of failures) log(`  TWO-PROCESS CHECK FAILED: ${f}`);
  log(failures.length ? 'two-process: FAILED' : 'two-process: passed');
  return { ok: failures.length === 0, results, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await runTwoProcess();
  process.exit(ok ? 0 : 1);
}
