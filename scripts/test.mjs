#!/usr/bin/env node
// `npm test`: typecheck, lint and build side by side, then the unit and API tests, then the browser
// tests; prints how long each stage took and fails if any stage failed or the run left files behind.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'test-results');
const vitestJson = path.join(artifacts, 'vitest-durations.json');
const playwrightDir = path.join(root, 'apps/web/e2e/artifacts', process.env.E2E_RESULTS_DIR ?? 'results');

/** @typedef {{ name: string, command: string, args: string[], buffered?: boolean, env?: Record<string, string> }} Stage */
/** @type {{ name: string, status: 'passed' | 'failed' | 'skipped', seconds: number, note?: string }[]} */
const results = [];
const startedAt = Date.now();

function run(/** @type {Stage} */ stage) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, {
      cwd: root,
      stdio: stage.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'), ...stage.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - begin) / 1000;
      // Stages run side by side print whole, one after the other, instead of interleaved.
      if (stage.buffered)
        process.stdout.write(`\n── ${stage.name} (${code === 0 ? 'passed' : 'FAILED'}, ${seconds.toFixed(0)} s) ──\n${output}`);
      const result = { name: stage.name, status: code === 0 ? 'passed' : 'failed', seconds };
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
  return {
    summary: `${files.length} files; time per project, summed over the workers: ${[...byProject].map(([p, ms]) => `${p} ${(ms / 1000).toFixed(0)} s`).join(', ')}`,
    slowest: files.slice(0, 5).map((f) => `    ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.project} ${f.file}`),
  };
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
    flaky,
  };
}

const treeBefore = gitStatus();
rmSync(vitestJson, { force: true });
rmSync(path.join(playwrightDir, 'results.json'), { force: true });
rmSync(path.join(playwrightDir, 'flaky.txt'), { force: true });

// Typecheck, lint and the production build do not depend on each other: on two cores they overlap.
// Once the build is there, the browser tests' demo data (a seeded database with its photos, copied by
// every Playwright worker: apps/web/e2e/server.ts) is prepared while the other stages and vitest run.
const build = run({ name: 'build', buffered: true, command: 'npm', args: ['run', '--silent', 'build'] });
const e2eData = build.then((result) =>
  result.status === 'passed'
    ? run({ name: 'e2e demo data', buffered: true, ...npx('tsx', 'apps/web/e2e/global-setup.ts') })
    : undefined,
);
const firstStages = await Promise.all([
  run({ name: 'typecheck', buffered: true, command: 'npm', args: ['run', '--silent', 'typecheck'] }),
  run({ name: 'lint', buffered: true, command: 'npm', args: ['run', '--silent', 'lint'] }),
  build,
]);
const checksPassed = firstStages.every((r) => r.status === 'passed');

await run({
  name: 'unit + API (vitest)',
  ...npx('vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-durations.mjs'),
});

const buildPassed = firstStages[2].status === 'passed';
if (buildPassed) {
  // When the data could not be prepared beforehand, Playwright's global setup tries again (and shows why).
  const prepared = (await e2eData)?.status === 'passed';
  await run({
    name: 'end-to-end (playwright)',
    ...npx('playwright', 'test', '-c', 'apps/web/playwright.config.ts'),
    env: prepared ? { E2E_TEMPLATE_PREPARED: '1' } : {},
  });
} else skip('end-to-end (playwright)', 'the build failed');

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
const minutes = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
console.log('\nTest stages (typecheck, lint and build side by side; the e2e demo data beside them and vitest)');
console.log(`  ${'stage'.padEnd(26)} ${'result'.padEnd(8)} time`);
for (const r of results)
  console.log(
    `  ${r.name.padEnd(26)} ${r.status.padEnd(8)} ${r.status === 'skipped' || r.name === 'clean tree' ? '' : minutes(r.seconds)}${r.note ? `  ${r.note}` : ''}`,
  );
console.log(
  `  ${'total'.padEnd(26)} ${''.padEnd(8)} ${minutes(total)}   (${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
try {
  const unit = vitestNote();
  if (unit) console.log(`\nvitest: ${unit.summary}\n  slowest files:\n${unit.slowest.join('\n')}`);
  const e2e = playwrightNote();
  if (e2e) {
    console.log(`\nplaywright: ${e2e.summary}\n  slowest tests:\n${e2e.slowest.join('\n')}`);
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
