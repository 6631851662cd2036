import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from './server';

export const DEMO = {
  admin: { emailOrUsername: 'admin@apexmotors.test', username: 'admin', password: 'Admin123!' },
  jane: { emailOrUsername: 'jane@example.com', username: 'jane', password: 'Customer123!' },
  sam: { emailOrUsername: 'sam@example.com', username: 'sam', password: 'Customer123!' },
} as const;

export interface NewUser {
  username: string;
  email: string;
  password: string;
  name: string;
  phone: string;
  address: string;
}

export function newUserData(): NewUser {
  const id = randomUUID().slice(0, 8);
  return {
    username: `e2e_${id}`,
    email: `e2e_${id}@example.com`,
    password: 'Password123!',
    name: `E2E User ${id}`,
    phone: '+1 555 0100 300',
    address: '1 Test Street, Springfield',
  };
}

/** Registers a fresh customer through the API. */
export async function registerUser(
  request: APIRequestContext,
  user: NewUser = newUserData(),
): Promise<NewUser & { id: string; token: string }> {
  const res = await request.post('/api/auth/register', {
    multipart: { ...user, confirmPassword: user.password },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { ...user, id: body.data._id, token: body.tokens.accessToken };
}

/** Logs in through the API and hands the session to the page the way the app keeps it. */
export async function loginAs(page: Page, credentials: { emailOrUsername: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  // page.request shares the browser's cookie jar, so the httpOnly refresh cookie is already set;
  // the access token goes where the app keeps it.
  await page
    .context()
    .addCookies([{ name: 'accessToken', value: body.tokens.accessToken, url: baseUrl(page), sameSite: 'Strict' }]);
  return body as { tokens: { accessToken: string }; data: { _id: string; role: string } };
}

function baseUrl(page: Page): string {
  // baseURL is set in the config; the fixture reads it back from the context options.
  return (page.context() as unknown as { _options: { baseURL: string } })._options.baseURL;
}

/**
 * Saves a screenshot as a test artefact, in e2e/artifacts/screenshots (ignored by git). The folder is
 * found from this file, not the working directory: `npm test` runs Playwright from the repository root.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = path.join(import.meta.dirname, 'artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/**
 * Each worker runs its own server on a copy of the prepared demo data (see server.ts), and every test
 * of that worker gets it as baseURL: workers never share data; the files one worker runs share a server.
 * Fails a test that logs a console error or throws in the page (expected HTTP failures aside).
 */
export const test = base.extend<{ consoleErrors: string[] }, { testServer: TestServer }>({
  testServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startTestServer(`worker-${workerInfo.parallelIndex}`);
      await use(server);
      await server.stop();
    },
    // The server start (a PGlite database opened on a copy of the data) may take minutes on a busy machine.
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ testServer }, use) => {
    await use(testServer.baseURL);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
