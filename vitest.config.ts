import { defineConfig } from 'vitest/config';

const projects = [
  {
    test: {
      name: 'shared',
      root: './packages/shared',
      include: ['src/**/*.test.ts'],
    },
  },
  {
    test: {
      name: 'api',
      root: './apps/api',
      include: ['src/**/*.test.ts'],
      env: { TEST_DB_KIND: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    extends: './apps/web/vite.config.ts',
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      root: './apps/api',
      include: ['src/**/*.test.ts'],
      env: { TEST_DB_KIND: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({ test: { projects } });
