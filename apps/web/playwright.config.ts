import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/dealer-e2e-data';
// Separate build folders let several people run the suite at once (scripts/e2e.sh).
const API_OUT_DIR = process.env.API_OUT_DIR ?? 'dist';
const WEB_DIST_DIR = path.resolve(import.meta.dirname, process.env.WEB_OUT_DIR ?? 'dist');
// Everything a run writes (results, traces, the flaky list) goes under the ignored e2e/artifacts;
// scripts/e2e.sh gives each person a folder of their own, as Playwright empties it at the start.
const OUTPUT_DIR = path.resolve(import.meta.dirname, 'e2e/artifacts', process.env.E2E_RESULTS_DIR ?? 'results');

export default defineConfig({
  testDir: './e2e',
  outputDir: OUTPUT_DIR,
  fullyParallel: false,
  workers: 1,
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
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    // The production build, started as `npm start` would, on a throw-away data folder.
    command: `rm -rf ${DATA_DIR} && node ../api/${API_OUT_DIR}/server.js`,
    url: `http://localhost:${PORT}/api/health`,
    // The first start seeds the demo data and renders its photos: minutes on a busy two-core machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      API_RATE_LIMIT: '100000',
      SLOT_CAPACITY: '2',
      DATABASE_URL: '',
      WEB_DIST_DIR,
    },
  },
});
