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
export type SignedUpUser = NewUser & { id: string; token: string };

interface Fixtures {
  consoleErrors: string[];
  /**
   * Signs `page` in as a fresh customer registered through the API (or as `user` when given, after
   * dropping the page's cookies), so a test owns its account and data instead of a demo customer's.
   */
  login: (user?: SignedUpUser) => Promise<SignedUpUser>;
  /**
   * Signs `page` in as the demo admin. No API makes an admin (the create-admin script and the
   * start-up bootstrap write to the database), so admin tests share this one account.
   */
  loginAdmin: () => ReturnType<typeof loginAs>;
}

export const test = base.extend<Fixtures, { testServer: TestServer }>({
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
  // A server-rendered page shows its buttons before React handles them, and a click in between is
  // lost (as it would be for a person on a slow phone). A new document is used once the app says it
  // has hydrated (app.tsx sets html[data-hydrated]); other answers (JSON, images) are not waited on.
  page: async ({ page }, use) => {
    const untilHydrated = async <T extends Awaited<ReturnType<Page['goto']>>>(response: T): Promise<T> => {
      if (response?.headers()['content-type']?.includes('text/html')) {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
      }
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => untilHydrated(await goto(url, options));
    page.reload = async (options) => untilHydrated(await reload(options));
    await use(page);
  },
  baseURL: async ({ testServer }, use) => {
    await use(testServer.baseURL);
  },
  login: async ({ page, request }, use) => {
    await use(async (user) => {
      if (user) await page.context().clearCookies();
      const account = user ?? (await registerUser(request));
      await loginAs(page, { emailOrUsername: account.email, password: account.password });
      return account;
    });
  },
  loginAdmin: async ({ page }, use) => {
    await use(() => loginAs(page, DEMO.admin));
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
