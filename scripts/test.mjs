#!/usr/bin/env node
// `npm test`: the build, then the browser tests, with typecheck, lint and the unit and API tests beside
// them at a lower priority; prints each stage's wall and processor time and fails if any stage failed or
// the run left files behind.
// `npm test -- --runtime`: only what could differ on another Node.js, for CI's second pass on Node.js 24
// (.ci/run): the build, the server's edges' and the shared code's tests on the embedded database, and
// three browser specs (RUNTIME_VITEST, RUNTIME_E2E). Typecheck, lint, the PostgreSQL pass, the domains'
// rules and the security corpus give the same answer on any Node.js.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'test-results');
const vitestJson = path.join(artifacts, 'vitest-durations.json');
const playwrightDir = path.join(root, 'apps/web/e2e/artifacts', process.env.E2E_RESULTS_DIR ?? 'results');

/** @typedef {{ name: string, command: string, args: string[], buffered?: boolean, nice?: number, env?: Record<string, string> }} Stage */
/** @type {{ name: string, status: 'passed' | 'failed' | 'skipped', seconds: number, cpuSeconds?: number, note?: string }[]} */
const results = [];
const startedAt = Date.now();
const runtimeOnly = process.argv.includes('--runtime');
// On another Node.js, what touches the runtime: the server's edges (HTTP, crypto and tokens, argon2 through
// sign-in, sharp, mail, the database drivers, server rendering) and the shared code (dates and Intl). The
// domains' rules, the web's components (jsdom) and the browser specs beyond one journey each give the same
// answer on any Node.js; they run once, on Node.js 20. Kept small: CI runs both passes within its hour.
const RUNTIME_VITEST = [
  '--project', 'shared', '--project', 'api', '--exclude', '**/src/quality/**',
  'packages/shared', 'apps/api/src/app.test', 'apps/api/src/config', 'apps/api/src/db', 'apps/api/src/http',
  'apps/api/src/infra', 'apps/api/src/mail', 'apps/api/src/web', 'apps/api/src/modules/auth/auth.login', 'apps/api/src/modules/auth/auth.register',
];
const RUNTIME_E2E = ['journeys.spec.ts', 'ssr.spec.ts', 'mail.spec.ts'];

// Each stage runs under a small Node wrapper that reports, on file descriptor 3, the processor time its
// command and the processes under it used (Linux: the wrapper's cutime + cstime once the command ended).
// Side-by-side stages share two cores, so this says what a stage costs where the wall time cannot.
// It first lowers its own priority to the stage's nice value, which the processes under it inherit.
const CPU_WRAPPER = `
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const nice = Number(process.env.STAGE_NICE ?? 0);
if (nice > 0) try { os.setPriority(Math.min(19, os.getPriority() + nice)); } catch {}
const child = spawn(process.argv[1], process.argv.slice(2), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => {
  let cpu = null;
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    cpu = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {}
  try { fs.writeSync(3, JSON.stringify({ cpu })); } catch {}
  process.exitCode = code ?? (signal ? 1 : 0);
});`;

function run(/** @type {Stage} */ stage) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', CPU_WRAPPER, stage.command, ...stage.args], {
      cwd: root,
      stdio: [
        stage.buffered ? 'ignore' : 'inherit',
        stage.buffered ? 'pipe' : 'inherit',
        stage.buffered ? 'pipe' : 'inherit',
        'pipe',
      ],
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
        STAGE_NICE: String(stage.nice ?? 0),
        ...stage.env,
      },
    });
    let output = '';
    let report = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.stdio[3]?.on('data', (chunk) => (report += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - begin) / 1000;
      let cpuSeconds;
      try {
        cpuSeconds = JSON.parse(report).cpu ?? undefined;
      } catch {
        // No report: the wrapper itself failed.
      }
      // Stages run side by side print whole, one after the other, instead of interleaved.
      if (stage.buffered)
        process.stdout.write(`\n── ${stage.name} (${code === 0 ? 'passed' : 'FAILED'}, ${seconds.toFixed(0)} s) ──\n${output}`);
      const result = { name: stage.name, status: code === 0 ? 'passed' : 'failed', seconds, cpuSeconds };
      results.push(result);
      resolve(result);
    });
  });
}

const skip = (name, note) => results.push({ name, status: 'skipped', seconds: 0, note });
const npx = (...args) => ({ command: 'npx', args });

/** Paths `git status` reports, or null outside a git work tree. */
function gitStatus() {
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  if (status.status !== 0) return null;
  return new Set(status.stdout.split('\n').filter(Boolean));
}

function vitestNote() {
  if (!existsSync(vitestJson)) return undefined;
  /** @type {{ project: string, file: string, ms: number }[]} */
  const files = JSON.parse(readFileSync(vitestJson, 'utf8'));
  const byProject = new Map();
  for (const f of files) byProject.set(f.project, (byProject.get(f.project) ?? 0) + f.ms);
  files.sort((a, b) => b.ms - a.ms);
  const failuresFile = vitestJson.replace(/\.json$/, '-failures.json');
  const failures = existsSync(failuresFile) ? JSON.parse(readFileSync(failuresFile, 'utf8')) : [];
  return {
    failures,
    summary: `${files.length} files; time per project, summed over the workers: ${[...byProject].map(([p, ms]) => `${p} ${(ms / 1000).toFixed(0)} s`).join(', ')}`,
    slowest: files.slice(0, 5).map((f) => `    ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.project} ${f.file}`),
  };
}

/** The first line of an error message without terminal colours, shortened: enough to say what broke. */
function firstLine(message) {
  // eslint-disable-next-line no-control-regex
  const line = (message ?? 'no message').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  return line.length > 240 ? `${line.slice(0, 240)}…` : line;
}

function playwrightNote() {
  const report = path.join(playwrightDir, 'results.json');
  if (!existsSync(report)) return undefined;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        tests.push({
          name: [...titles, spec.title].join(' › '),
          line: spec.line,
          status: test.status,
          error: (test.results ?? []).at(-1)?.error?.message,
          ms: (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0),
        });
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of json.suites ?? []) walk(suite, [suite.title]);
  tests.sort((a, b) => b.ms - a.ms);
  const stats = json.stats ?? {};
  const flaky = existsSync(path.join(playwrightDir, 'flaky.txt'))
    ? readFileSync(path.join(playwrightDir, 'flaky.txt'), 'utf8').split('\n').filter(Boolean)
    : [];
  return {
    summary: `${stats.expected ?? 0} passed, ${stats.unexpected ?? 0} failed, ${stats.flaky ?? 0} flaky, ${stats.skipped ?? 0} skipped`,
    slowest: tests.slice(0, 5).map((t) => `    ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`),
    // CI keeps only the end of the output: each failed test by name and line, with its message's first line.
    failed: tests
      .filter((t) => t.status === 'unexpected')
      .map((t) => `${t.name} (line ${t.line}): ${firstLine(t.error)}`),
    flaky,
  };
}

const treeBefore = gitStatus();
rmSync(vitestJson, { force: true });
rmSync(vitestJson.replace(/\.json$/, '-failures.json'), { force: true });
rmSync(path.join(playwrightDir, 'results.json'), { force: true });
rmSync(path.join(playwrightDir, 'flaky.txt'), { force: true });

// Everything starts as soon as what it needs is there, and the two cores are shared by priority. The
// critical path is the build, the browser tests' demo data (a seeded database with its photos, copied by
// every Playwright worker: apps/web/e2e/server.ts) and Playwright, which waits on its browsers and servers
// part of the time: those run at normal priority. Vitest runs beside them at a lower one and takes the
// processor time the browser tests leave; typecheck and lint at the lowest, as nothing waits for them.
// Vitest is niced only to 5, not 10: a few API tests bound a wall time (the demo seed within 20-30 s).
const VITEST_NICE = 5;
const CHECKS_NICE = 10;
const build = run({ name: 'build', buffered: true, command: 'npm', args: ['run', '--silent', 'build'] });
const checks = runtimeOnly
  ? []
  : [
      run({ name: 'typecheck', buffered: true, nice: CHECKS_NICE, command: 'npm', args: ['run', '--silent', 'typecheck'] }),
      run({ name: 'lint', buffered: true, nice: CHECKS_NICE, command: 'npm', args: ['run', '--silent', 'lint'] }),
    ];
if (runtimeOnly) for (const name of ['typecheck', 'lint']) skip(name, 'the same on every Node.js (--runtime)');
const buildPassed = (await build).status === 'passed';

// Vitest waits for the build only so that the two do not compete for the processors at the start.
const vitest = run({
  name: 'unit + API (vitest)',
  buffered: true,
  nice: VITEST_NICE,
  ...npx('vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-durations.mjs', ...(runtimeOnly ? RUNTIME_VITEST : [])),
});
if (buildPassed) {
  const data = await run({ name: 'e2e demo data', buffered: true, ...npx('tsx', 'apps/web/e2e/global-setup.ts') });
  // When the data could not be prepared, Playwright's global setup tries again (and shows why).
  await run({
    name: 'end-to-end (playwright)',
    ...npx('playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...(runtimeOnly ? RUNTIME_E2E : [])),
    env: data.status === 'passed' ? { E2E_TEMPLATE_PREPARED: '1' } : {},
  });
} else skip('end-to-end (playwright)', 'the build failed');
await Promise.all([...checks, vitest]);
const checksPassed = buildPassed && (await Promise.all(checks)).every((r) => r.status === 'passed');

const treeAfter = gitStatus();
if (treeBefore && treeAfter) {
  const left = [...treeAfter].filter((entry) => !treeBefore.has(entry));
  results.push({
    name: 'clean tree',
    status: left.length ? 'failed' : 'passed',
    seconds: 0,
    note: left.length ? `the run left: ${left.join(', ')}` : undefined,
  });
} else {
  skip('clean tree', 'not a git work tree');
}

// Summary.
const total = (Date.now() - startedAt) / 1000;
const minutes = (s) => `${Math.floor(Math.round(s) / 60)}:${String(Math.round(s) % 60).padStart(2, '0')}`;
console.log(
  `\nTest stages on Node.js ${process.version} (side by side: build, then e2e demo data, then Playwright; vitest, typecheck and lint at lower priority beside them; cpu: processor time of the stage)`,
);
console.log(`  ${'stage'.padEnd(26)} ${'result'.padEnd(8)} ${'time'.padStart(6)} ${'cpu'.padStart(6)}`);
const ORDER = ['build', 'typecheck', 'lint', 'e2e demo data', 'unit + API (vitest)', 'end-to-end (playwright)', 'clean tree'];
results.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
for (const r of results) {
  const timed = r.status !== 'skipped' && r.name !== 'clean tree';
  const cpu = timed && r.cpuSeconds !== undefined ? minutes(r.cpuSeconds) : '';
  console.log(
    `  ${r.name.padEnd(26)} ${r.status.padEnd(8)} ${(timed ? minutes(r.seconds) : '').padStart(6)} ${cpu.padStart(6)}${r.note ? `  ${r.note}` : ''}`,
  );
}
const cpuTotal = results.reduce((sum, r) => sum + (r.cpuSeconds ?? 0), 0);
console.log(
  `  ${'total'.padEnd(26)} ${''.padEnd(8)} ${minutes(total).padStart(6)} ${minutes(cpuTotal).padStart(6)}  (${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
try {
  const unit = vitestNote();
  if (unit) console.log(`\nvitest: ${unit.summary}\n  slowest files:\n${unit.slowest.join('\n')}`);
  if (unit?.failures.length) console.log(`\nVITEST FAILURES:\n${unit.failures.map((line) => `  ${line}`).join('\n')}`);
  const e2e = playwrightNote();
  if (e2e) {
    console.log(`\nplaywright: ${e2e.summary}\n  slowest tests:\n${e2e.slowest.join('\n')}`);
    if (e2e.failed.length) console.log(`\nPLAYWRIGHT FAILURES:\n${e2e.failed.map((line) => `  ${line}`).join('\n')}`);
    if (e2e.flaky.length)
      console.log(`\nFLAKY (failed, then passed on the retry; fix them):\n${e2e.flaky.map((line) => `  ${line}`).join('\n')}`);
  }
} catch (error) {
  console.log(`(no per-test durations: ${error.message})`);
}

const failed = results.filter((r) => r.status === 'failed');
if (!checksPassed || failed.length) {
  console.log(`\nFAILED: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
console.log('\nAll stages passed.');
