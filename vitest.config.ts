import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = {
  root: './apps/api',
  include: ['src/**/*.test.ts'],
  // Generous: on CI's two cores these tests run at a lower priority beside the browser tests, and a
  // test that waits on the job queue (src/test/mail.ts `eventually`, up to 60 s) must not be cut short.
  testTimeout: 90_000,
  // A file's first database start (PGlite) takes a few seconds on a quiet machine, over a minute on a busy one.
  hookTimeout: 120_000,
  // Cheap argon2id parameters for the accounts the tests create (src/test/cheap-password-hashing.ts).
  setupFiles: ['./src/test/cheap-password-hashing.ts'],
  // The files of a worker share its loaded modules: each file starts its own app and database
  // (src/test/harness.ts), and loading the server's module graph again for each of ~110 files cost
  // 2.5 times the processor time of the tests themselves (same run, 12 files: 124 s isolated, 50 s not; decision 028).
  isolate: false,
};

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'shared',
      root: './packages/shared',
      include: ['src/**/*.test.ts'],
    },
  },
  {
    test: {
      name: 'scripts',
      root: './scripts',
      include: ['**/*.test.mjs'],
    },
  },
  {
    test: {
      ...apiTests,
      name: 'api',
      env: { TEST_DB_KIND: 'pglite' },
      // One migrated database saved per run; each test database starts from a copy of it.
      globalSetup: ['./src/test/pglite-setup.ts'],
    },
  },
  {
    extends: './apps/web/vite.config.ts',
    // Testing Library's React build renders through react-dom: its Preact twin, same API, renders the
    // components as the browser does (the type checker still reads the React package's types).
    // Packages' ES builds, as the browser build takes them: a CommonJS build's `require('react')` is
    // out of the aliases' reach and would load React itself.
    resolve: { alias: { '@testing-library/react': '@testing-library/preact' }, dedupe: ['@testing-library/dom'], conditions: ['module', 'browser', 'development'], mainFields: ['module', 'jsnext:main', 'jsnext'] },
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      // The app runs on Preact (decision 011): the packages that import React are bundled for the tests
      // too, so vite.config.ts's aliases reach their imports and the tests run what ships.
      server: { deps: { inline: [/preact/, /react-router/, /@tanstack\//, /@testing-library\//, /lucide-react/, /radix-ui/, /@radix-ui\//, /react-hook-form/, /@hookform\//, /@floating-ui\//, /react-remove-scroll/, /use-callback-ref/, /use-sidecar/, /react-style-singleton/] } },
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      ...apiTests,
      name: 'api-postgres',
      env: { TEST_DB_KIND: 'postgres' },
      // Who may call a route and what input it takes are decided in the server before any SQL: the
      // access matrix and the fuzz corpus (12 minutes of a worker on CI's two cores, beside the browser
      // tests) run on PGlite only; every other file, the races and repositories among them, runs on both.
      exclude: [...configDefaults.exclude, 'src/quality/authorization-matrix.test.ts', 'src/quality/fuzz*.test.ts'],
      // One migrated template per run; each test database is a copy of it.
      globalSetup: ['./src/test/postgres-setup.ts'],
    },
  });
}

export default defineConfig({
  test: {
    projects,
    // Vitest's default leaves one core to itself (one worker on two cores), but a worker spends much of
    // its time waiting on PostgreSQL or on the disk: two keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
