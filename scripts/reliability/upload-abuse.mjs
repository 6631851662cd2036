#!/usr/bin/env node
// Upload abuse against the production server (PGlite data folder):
// 1. Memory: UPLOAD_ABUSE_REQUESTS (default 8) concurrent anonymous registers, each streaming 21 file
//    parts of 10 MB (unused field names, and `avatar`), once with a Content-Length and once chunked
//    (no length, so only the multipart limits can stop it). RSS is sampled every 50 ms from /proc;
//    check: peak growth over the idle baseline < 150 MB, every request answered with a 4xx.
// 2. CPU: one worst-case listing upload (20 photos at the pixel limit, tiny PNGs that decode to the
//    full size) on an idle server, CPU time from /proc/<pid>/stat; then GET /api/vehicles p50 idle and
//    while 4 such uploads run in a loop; check: p50 under load <= 2 x idle.
// Run `npm run build -w @dealer/api` first, or point API_DIST at another build.
// `node scripts/reliability/upload-abuse.mjs [memory] [cpu]` runs one part.
import http from 'node:http';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { cannon, log, readProcStatus, registerUser, seedPglite, sleep, startServer, tempDir } from '../bench/lib.mjs';

const REQUESTS = Number(process.env.UPLOAD_ABUSE_REQUESTS ?? 8);
const PARTS = Number(process.env.UPLOAD_ABUSE_PARTS ?? 21);
const PART_BYTES = Number(process.env.UPLOAD_ABUSE_PART_MB ?? 10) * 1024 * 1024;
const MAX_GROWTH_MB = 150;
/** The worst case a seller may send: 20 photos at the pixel limit (24 MP), and the old limit (49 MP). */
const PHOTO_SIDES = (process.env.UPLOAD_ABUSE_PHOTO ?? '6000x4000').split('x').map(Number);
const LIST_SECONDS = Number(process.env.UPLOAD_ABUSE_LIST_SECONDS ?? 15);
const CHUNK = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64 * 1024 - 4, 0x41)]);

const registerFields = (tag) => ({
  username: tag,
  name: 'Abuse Test',
  phone: '+1 555 0100 200',
  email: `${tag}@example.com`,
  address: '1 Abuse Street',
  password: 'Password123!',
  confirmPassword: 'Password123!',
});

/**
 * Streams a multipart body of text fields and `parts` file parts of `partBytes` each, written from
 * one reused 64 KB chunk so the client holds no body in memory. Keeps sending after an early answer
 * (as an attacker would) until the body is done or the server closes the connection.
 */
function streamMultipart(url, { fields, parts, partBytes, fieldName, chunked, headers = {} }) {
  const boundary = `----abuse${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join(''),
  );
  const partHead = (i) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName(i)}"; filename="p${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  let length = head.length + tail.length;
  for (let i = 0; i < parts; i += 1) length += partHead(i).length + partBytes + 2;

  return new Promise((resolve) => {
    const started = performance.now();
    const out = { status: 0, body: '', error: null, ms: 0, answeredAfterBytes: null };
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      out.ms = Math.round(performance.now() - started);
      out.sentBytes = sent;
      resolve(out);
    };
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(length) }),
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      out.error = 'timeout';
      req.destroy();
      finish();
    }, 120_000);
    req.on('response', (res) => {
      out.status = res.statusCode;
      out.answeredAfterBytes = sent;
      res.setEncoding('utf8');
      res.on('data', (d) => (out.body += d));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        finish();
      });
    });
    req.on('error', (error) => {
      out.error ??= error.code ?? error.message;
      if (out.status) return;
      clearTimeout(timer);
      finish();
    });

    const pieces = function* () {
      yield head;
      for (let i = 0; i < parts; i += 1) {
        yield partHead(i);
        for (let left = partBytes; left > 0; left -= CHUNK.length) yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        yield Buffer.from('\r\n');
      }
      yield tail;
    };
    const iterator = pieces();
    const write = () => {
      for (;;) {
        if (req.destroyed) return;
        const next = iterator.next();
        if (next.done) return req.end();
        sent += next.value.length;
        if (!req.write(next.value)) return req.once('drain', write);
      }
    };
    write();
  });
}

function sampleRss(pid, everyMs = 50) {
  const samples = [];
  const timer = setInterval(async () => {
    try {
      samples.push((await readProcStatus(pid)).rssKb);
    } catch {
      // the process is gone: the run reports it
    }
  }, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}

async function cpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  // utime and stime (fields 14 and 15 of the whole line) in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function memoryAttack() {
  const failures = [];
  const results = {};
  const variants = [
    { name: 'unused fields, Content-Length', chunked: false, fieldName: (i) => `junk${i}` },
    { name: 'unused fields, chunked', chunked: true, fieldName: (i) => `junk${i}` },
    { name: 'avatar x 21, chunked', chunked: true, fieldName: () => 'avatar' },
  ];
  // A fresh server for each variant: memory freed by one would hide the next one's growth.
  for (const variant of variants) {
    const dataDir = await tempDir('dealer-upload-abuse');
    const server = await startServer({ dataDir });
    try {
      for (let i = 0; i < 2; i += 1) await registerUser(server.url, 'warm');
      await sleep(1000);
      const baseline = (await readProcStatus(server.proc.pid)).rssKb;
      const sampler = sampleRss(server.proc.pid);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: REQUESTS }, (_, i) =>
          streamMultipart(`${server.url}/api/auth/register`, {
            fields: registerFields(`abuse${Date.now().toString(36)}${i}`),
            parts: PARTS,
            partBytes: PART_BYTES,
            fieldName: variant.fieldName,
            chunked: variant.chunked,
          }),
        ),
      );
      await sleep(300);
      sampler.stop();
      const peak = Math.max(baseline, ...sampler.samples);
      const growthMb = Math.round((peak - baseline) / 1024);
      const health = await fetch(`${server.url}/api/health`)
        .then((r) => r.status)
        .catch(() => 0);
      const codes = answers.map((a) => a.status || a.error);
      const result = {
        baselineMb: Math.round(baseline / 1024),
        peakMb: Math.round(peak / 1024),
        growthMb,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        codes,
        messages: [...new Set(answers.map((a) => a.body.slice(0, 160)))],
        answeredAfterMb: answers.map((a) => (a.answeredAfterBytes === null ? null : Math.round(a.answeredAfterBytes / 1048576))),
        errors: answers.map((a) => a.error).filter(Boolean),
        healthAfter: health,
      };
      results[variant.name] = result;
      log(
        `${variant.name}: RSS ${result.baselineMb} -> peak ${result.peakMb} MB (+${growthMb} MB) in ${result.seconds} s; answers ${codes.join(',')}`,
      );
      if (growthMb >= MAX_GROWTH_MB) failures.push(`${variant.name}: RSS grew ${growthMb} MB (limit ${MAX_GROWTH_MB})`);
      if (!answers.every((a) => a.status >= 400 && a.status < 500))
        failures.push(`${variant.name}: not every request got a 4xx (${codes.join(',')})`);
      if (health !== 200) failures.push(`${variant.name}: /api/health answered ${health} afterwards`);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { ok: failures.length === 0, results, failures };
}

/** A PNG of width x height that compresses to almost nothing but decodes to the full size. */
async function tinyHugePng(width, height) {
  const stripe = await sharp({ create: { width, height: 1, channels: 3, background: '#446688' } })
    .raw()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#446688' } })
    .composite([{ input: stripe, raw: { width, height: 1, channels: 3 }, top: 0, left: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function listingForm(photo, count, n) {
  const form = new FormData();
  const fields = {
    title: `Abuse car ${n}`,
    make: 'Toyota',
    model: 'Corolla',
    year: '2019',
    price: '15000',
    mileage: '42000',
    fuelType: 'Petrol',
    transmission: 'Automatic',
    condition: 'Good',
    description: 'A car whose photos are as large as the server allows.',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let i = 0; i < count; i += 1) form.append('images', new Blob([photo], { type: 'image/png' }), `p${i}.png`);
  return form;
}

async function upload(url, user, photo, n) {
  const started = performance.now();
  try {
    const res = await fetch(`${url}/api/vehicles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: listingForm(photo, 20, n),
    });
    const body = await res.text();
    return {
      status: res.status,
      ms: Math.round(performance.now() - started),
      body: body.slice(0, 200),
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (error) {
    return { status: 'failed', ms: Math.round(performance.now() - started), body: String(error.cause?.code ?? error.message) };
  }
}

async function listP50(url, seconds) {
  const result = await cannon({ url: `${url}/api/vehicles?page=1`, connections: 2, duration: seconds, timeout: 30 });
  return { p50Ms: result.latency.p50, p99Ms: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx };
}

async function cpuAttack() {
  const failures = [];
  const results = {};
  const dataDir = await tempDir('dealer-upload-cpu');
  const [width, height] = PHOTO_SIDES;
  const photo = await tinyHugePng(width, height);
  results.photo = {
    width,
    height,
    megapixels: Math.round((width * height) / 1e5) / 10,
    bytes: photo.length,
    uploadMb: Math.round((20 * photo.length) / 1e5) / 10,
  };
  log(`photo: ${width}x${height} (${results.photo.megapixels} MP) in ${photo.length} bytes; 20 per upload`);
  const first = await startServer({ dataDir });
  await first.stop();
  await seedPglite(path.join(dataDir, 'db'), { vehicles: 1000, sellers: 20, tag: 'upabuse' });
  const server = await startServer({ dataDir, env: { UPLOAD_PHOTOS_PER_HOUR: '100000' } });
  try {
    const users = [];
    for (let i = 0; i < 4; i += 1) users.push(await registerUser(server.url, 'upabuse'));
    await listP50(server.url, 2); // warm-up
    await sleep(500);
    const before = await cpuMs(server.proc.pid);
    const single = await upload(server.url, users[0], photo, 0);
    await sleep(200);
    const cpu = (await cpuMs(server.proc.pid)) - before;
    results.singleUpload = { ...single, serverCpuMs: cpu };
    log(`one worst-case upload: ${single.status} in ${single.ms} ms, server CPU ${cpu} ms; ${single.body.slice(0, 100)}`);

    await sleep(1000);
    results.idle = await listP50(server.url, LIST_SECONDS);
    log(`GET /api/vehicles idle: p50 ${results.idle.p50Ms} ms, p99 ${results.idle.p99Ms} ms (${results.idle.requests} requests)`);

    let running = true;
    const uploads = [];
    const loops = users.map(async (user, i) => {
      for (let n = 1; running; n += 1) uploads.push(await upload(server.url, user, photo, i * 1000 + n));
    });
    await sleep(1000);
    results.underUploads = await listP50(server.url, LIST_SECONDS);
    running = false;
    await Promise.all(loops);
    const statuses = {};
    for (const u of uploads) statuses[u.status] = (statuses[u.status] ?? 0) + 1;
    results.underUploads.uploads = {
      count: uploads.length,
      statuses,
      msP50: uploads.map((u) => u.ms).sort((a, b) => a - b)[Math.floor(uploads.length / 2)],
    };
    results.ratio = Math.round((results.underUploads.p50Ms / Math.max(1, results.idle.p50Ms)) * 100) / 100;
    log(
      `GET /api/vehicles with 4 uploads running: p50 ${results.underUploads.p50Ms} ms, p99 ${results.underUploads.p99Ms} ms (${results.underUploads.requests} requests); ` +
        `ratio ${results.ratio}; uploads ${JSON.stringify(statuses)}`,
    );
    if (results.underUploads.p50Ms > 2 * Math.max(1, results.idle.p50Ms))
      failures.push(`list p50 under uploads ${results.underUploads.p50Ms} ms > 2 x idle ${results.idle.p50Ms} ms`);
    if (uploads.some((u) => u.status >= 500 && u.status !== 503))
      failures.push(`an upload failed with ${JSON.stringify(statuses)}`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { ok: failures.length === 0, results, failures };
}

export async function runUploadAbuse(parts = ['memory', 'cpu']) {
  const results = {};
  const failures = [];
  if (parts.includes('memory')) {
    const memory = await memoryAttack();
    results.memory = memory.results;
    failures.push(...memory.failures);
  }
  if (parts.includes('cpu')) {
    const cpu = await cpuAttack();
    results.cpu = cpu.results;
    failures.push(...cpu.failures);
  }
  return { ok: failures.length === 0, results, failures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  const { ok, results, failures } = await runUploadAbuse(only.length ? only : undefined);
  log(JSON.stringify(results, null, 2));
  if (!ok) log(`FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(ok ? 0 : 1);
}
