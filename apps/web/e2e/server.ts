import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The servers the browser tests run against. Seeding the demo dealership and drawing its photos is the
// slow part of a first start, so it is done once per run into a template folder (global-setup.ts);
// every Playwright worker then copies that folder and starts a production server of its own on it, on
// a free port. Two workers never share data, and the tests of one file share their worker's server.

/** Separate build folders let several people run the suite at once (scripts/e2e.sh). */
const API_OUT_DIR = process.env.API_OUT_DIR ?? 'dist';
const SERVER_JS = path.resolve(import.meta.dirname, '../../api', API_OUT_DIR, 'server.js');
const WEB_DIST_DIR = path.resolve(import.meta.dirname, '..', process.env.WEB_OUT_DIR ?? 'dist');
/** Lets a spec move its own server's clock on: send it as `x-test-clock-token`. */
export const E2E_CLOCK_TOKEN = 'e2e-test-clock-token-not-a-secret-0001';
/** Parent of the run's data folders: the template and one folder per worker. */
export const E2E_DATA_ROOT = process.env.E2E_DATA_DIR ?? '/tmp/dealer-e2e-data';
export const TEMPLATE_DIR = path.join(E2E_DATA_ROOT, 'template');
/** Written last by the preparation: a template without it is incomplete. */
const READY_FILE = '.e2e-template-ready';

function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '100000',
    API_RATE_LIMIT: '100000',
    // Every test browses from 127.0.0.1; the render budget per address has its own tests (apps/api/src/quality/render-limits.test.ts).
    PAGE_RENDERS_PER_MINUTE: '100000',
    // A journey books a dozen times with one account; the daily limits have their own tests (review-and-booking-abuse.test.ts).
    BOOKINGS_PER_DAY: '100000',
    BOOKING_MAIL_PER_RECIPIENT_PER_DAY: '100000',
    SLOT_CAPACITY: '2',
    // A journey may move its server's day on (apps/api/src/http/test-clock.ts); no other test does.
    TEST_CLOCK_TOKEN: E2E_CLOCK_TOKEN,
    // Not the defaults: the footer test sees the configured workshop reach the page.
    WORKSHOP_ADDRESS: '77 Harbor Road, Portland, ME 04101',
    WORKSHOP_PHONE: '+1 (207) 555-0142',
    // Always the embedded database, whatever the shell exports.
    DATABASE_URL: '',
    WEB_DIST_DIR,
  };
}

export function templateReady(): boolean {
  return existsSync(path.join(TEMPLATE_DIR, READY_FILE));
}

/**
 * A new database with the demo data (accounts, listings and their photos, appointments) in the template
 * folder: what the server's own first start does, without serving.
 */
export function prepareTemplate(): void {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const result = spawnSync(process.execPath, [SERVER_JS, '--prepare-database-only'], {
    env: serverEnv(TEMPLATE_DIR, 3000),
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`Preparing the e2e data in ${TEMPLATE_DIR} failed (${result.signal ?? `exit code ${result.status}`})`);
  spawnSync('touch', [path.join(TEMPLATE_DIR, READY_FILE)]);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface TestServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Copies the template into a folder of its own and serves it; resolves once /api/health answers. */
export async function startTestServer(
  name: string,
  { timeoutMs = 300_000, prepare }: { timeoutMs?: number; prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<TestServer> {
  if (!templateReady()) throw new Error(`No prepared e2e data in ${TEMPLATE_DIR}: global-setup.ts makes it`);
  const dataDir = path.join(E2E_DATA_ROOT, name);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
  rmSync(path.join(dataDir, READY_FILE), { force: true });
  // A spec may write rows of its own into its copy before the server opens it (no API makes them yet).
  if (prepare) await prepare(dataDir);
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child = spawn(process.execPath, [SERVER_JS], {
    env: serverEnv(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  // Warnings and errors of the server show in the test output, as they did with Playwright's webServer.
  child.stderr.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  const exited = once(child, 'exit');
  // A worker that ends without its teardown (a crash) must not leave its server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The e2e server on ${dataDir} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The e2e server on ${dataDir} did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      process.off('exit', killOnExit);
      await stopChild(child, exited);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
