// Load generators for the bench: wrk (-t2 -c64 --latency, as issue 12's figures were taken) with autocannon
// as the fallback when wrk cannot be installed, the bare Fastify reference server, and unloaded latency.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { ROOT, cannon, freePort, log, percentile, sleep } from './lib.mjs';

let wrkState = null;
/** True when wrk is on the PATH, after trying `apt-get install -y wrk` once (as root, or with sudo). */
export function ensureWrk() {
  if (wrkState !== null) return wrkState;
  const has = () => spawnSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0;
  if (!has() && !process.env.BENCH_NO_WRK) {
    log('wrk is missing: apt-get install -y wrk');
    const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
    const run = (args) => spawnSync([...sudo, ...args][0], [...sudo, ...args].slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (run(['apt-get', 'install', '-y', 'wrk']).status !== 0) {
      run(['apt-get', 'update']);
      run(['apt-get', 'install', '-y', 'wrk']);
    }
  }
  wrkState = !process.env.BENCH_NO_WRK && has();
  if (!wrkState) log('wrk is not available: loading with autocannon instead (figures are not comparable with wrk runs)');
  return wrkState;
}

const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? NaN);
const round = (x) => (Number.isFinite(x) ? Number(x.toFixed(2)) : null);

/** Parses `wrk --latency` output: requests/s, latency percentiles (ms), totals, errors. */
export function parseWrk(text) {
  const pct = {};
  for (const m of text.matchAll(/^\s+(50|75|90|99)%\s+([\d.]+)(us|ms|s|m)\s*$/gm)) pct[m[1]] = round(toMs(m[2], m[3]));
  const lat = /Latency\s+([\d.]+)(us|ms|s|m)\s+([\d.]+)(us|ms|s|m)\s+([\d.]+)(us|ms|s|m)/.exec(text);
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(text);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(text);
  if (!rps || !pct['50']) throw new Error(`could not parse wrk output:\n${text}`);
  return {
    requestsPerSecond: Math.round(Number(rps[1])),
    p50Ms: pct['50'],
    p75Ms: pct['75'],
    p90Ms: pct['90'],
    p99Ms: pct['99'],
    avgMs: lat ? round(toMs(lat[1], lat[2])) : null,
    maxMs: lat ? round(toMs(lat[5], lat[6])) : null,
    total: total ? Number(total[1]) : null,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0),
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
  };
}

/** `script`: a wrk Lua script (scripts/bench/*.lua); a line `answers: rendered N shell M` it prints is parsed too. */
async function runWrk(url, { connections, duration, threads, headers = {}, script }) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  // wrk runs without a script it cannot find, loading the bare URL instead: refused here.
  if (script && !existsSync(path.resolve(ROOT, script))) throw new Error(`no wrk script ${script}`);
  const scriptArgs = script ? ['-s', path.resolve(ROOT, script)] : [];
  const args = [`-t${threads}`, `-c${connections}`, `-d${duration}s`, '--latency', '--timeout', '10s', ...headerArgs, ...scriptArgs, url];
  const proc = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const [code] = await once(proc, 'exit');
  if (code !== 0) throw new Error(`wrk ${args.join(' ')} exited with ${code}:\n${out}`);
  const answers = /answers: rendered (\d+) shell (\d+)/.exec(out);
  const seconds = Number(/requests in ([\d.]+)s/.exec(out)?.[1] ?? duration);
  return {
    tool: `wrk ${args.slice(0, 4).join(' ')}${script ? ` -s ${path.relative(ROOT, path.resolve(ROOT, script))}` : ''}`,
    ...parseWrk(out),
    ...(answers ? { rendered: Number(answers[1]), shells: Number(answers[2]), renderedPerSecond: Math.round(Number(answers[1]) / seconds) } : {}),
  };
}

/**
 * Seconds of the same load run, and thrown away, before each measured one (BENCH_WARMUP, default 3). A freshly
 * started server is still compiling its hot paths under load: a month of availability measured from the first
 * second showed p99 14-49 ms over seven runs, and 7 ms when loaded again right after (same server, same
 * minute). A dealership's server runs for days, so the steady state is what the targets are about.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);

/** Loads one GET URL (with `headers`, such as a bearer token) for `duration` s: wrk when available, else autocannon. One result row. */
export async function load(name, url, { connections = 64, duration = 10, threads = 2, headers = {}, script } = {}) {
  if (WARMUP_SECONDS > 0) await measure(name, url, { connections, duration: WARMUP_SECONDS, threads, headers, script });
  return measure(name, url, { connections, duration, threads, headers, script });
}

async function measure(name, url, { connections, duration, threads, headers, script }) {
  if (ensureWrk()) return { name, url, ...(await runWrk(url, { connections, duration, threads, headers, script })) };
  if (script) throw new Error(`${name} needs wrk (its Lua script ${script})`);
  const r = await cannon({ url, connections, duration, headers });
  const non2xx = Object.entries(r.statusCodeStats ?? {}).filter(([c]) => !/^[23]/.test(c)).reduce((n, [, s]) => n + s.count, 0);
  return {
    name,
    url,
    tool: `autocannon -c${connections} -d${duration}`,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p75Ms: r.latency.p75,
    p90Ms: r.latency.p90,
    p99Ms: r.latency.p99,
    avgMs: r.latency.average,
    maxMs: r.latency.max,
    total: r.requests.total,
    non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * Latency without load: `count` sequential GETs from one keep-alive client after a few warm-up requests.
 * Returns p50/p90/p99 in ms and the status codes seen.
 */
export async function unloaded(url, { count = 200, warmup = 10 } = {}) {
  const codes = {};
  const one = async () => {
    const res = await fetch(url);
    await res.arrayBuffer();
    codes[res.status] = (codes[res.status] ?? 0) + 1;
  };
  for (let i = 0; i < warmup; i += 1) await one();
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    await one();
    times.push(performance.now() - t);
  }
  const p = (q) => Number(percentile(times, q).toFixed(2));
  return { count, p50Ms: p(50), p90Ms: p(90), p99Ms: p(99), statusCodes: codes };
}

/** Starts scripts/bench/bare-server.mjs (bare Fastify, one constant JSON route) on a free port. */
export async function startBare() {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(ROOT, 'scripts/bench/bare-server.mjs')], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  let exited = false;
  proc.on('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (exited || i > 3000) throw new Error(`bare Fastify server did not start:\n${stderr}`);
    try {
      if ((await fetch(`${url}/constant`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  return {
    url,
    pid: proc.pid,
    async stop() {
      if (exited) return;
      proc.kill('SIGTERM');
      await once(proc, 'exit');
    },
  };
}
