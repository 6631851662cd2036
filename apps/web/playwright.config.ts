import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Everything a run writes (results, traces, the flaky list) goes under the ignored e2e/artifacts;
// scripts/e2e.sh gives each person a folder of their own, as Playwright empties it at the start.
const OUTPUT_DIR = path.resolve(import.meta.dirname, 'e2e/artifacts', process.env.E2E_RESULTS_DIR ?? 'results');

// Debian's chromium-headless-shell (what Playwright's own downloads use for headless runs) when installed:
// a third less processor time than the full browser in headless mode for the same tests (docs/quality.md).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  outputDir: OUTPUT_DIR,
  // Every worker has a server and data of its own (e2e/server.ts, e2e/fixtures.ts), so two can run at
  // once; the tests of a file run in order in one worker, on one server.
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry in CI so that a single flake does not block everything; the flaky reporter names every
  // test that needed it, and the run summary counts them.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['./e2e/flaky-reporter.ts', { outputFile: path.join(OUTPUT_DIR, 'flaky.txt') }],
    // Per-test durations for the summary of scripts/test.mjs.
    ['json', { outputFile: path.join(OUTPUT_DIR, 'results.json') }],
  ],
  use: {
    viewport: { width: 1280, height: 800 },
    // The page scrolls smoothly (index.css) unless motion is reduced, and a fill's focus() starts such a
    // scroll, which may still be moving when the next click goes down: the button slides from under the
    // pointer before it comes up and the click is lost (a profile submit once sent nothing). A person
    // waits for the page to stop; these tests browse as someone who asked for reduced motion instead.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
