// `npm start`: builds what is out of date, then runs the production server (API + web on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { nodeSupport } from './node-support.mjs';

const runtime = nodeSupport(process.versions.node);
if (runtime.error) {
  console.error(runtime.error);
  process.exit(1);
}
if (runtime.notice) console.log(runtime.notice);

const root = path.resolve(import.meta.dirname, '..');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/api/src',
  'apps/api/drizzle',
  'packages/shared/src',
];
// The server renderer too: a web build without it would send every visitor page as the bare shell.
const outputs = ['apps/web/dist/index.html', 'apps/web/dist/server/entry-server.js', 'apps/api/dist/server.js'];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full, { withFileTypes: true }).reduce(
    (latest, entry) => Math.max(latest, newest(path.join(target, entry.name))),
    stat.mtimeMs,
  );
}

// START_SERVER_JS: run this built server as is (the reliability scripts' own build), without building.
const serverJs = process.env.START_SERVER_JS ?? path.join(root, 'apps/api/dist/server.js');
const builtAt = process.env.START_SERVER_JS
  ? Infinity
  : Math.min(...outputs.map((o) => (existsSync(path.join(root, o)) ? statSync(path.join(root, o)).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log('Building the web app and the server...');
  // npm's own lines about each script left out: each build prints one line, and its warnings and errors.
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** After forwarding a stop signal, the server gets this long before it is killed. */
const STOP_DEADLINE_MS = 15_000;

const env = { ...process.env };
// A person at a terminal reads one short line per event; log collectors (NODE_ENV=production, or
// output that is not a terminal) keep JSON.
if (!env.LOG_FORMAT && process.stdout.isTTY && env.NODE_ENV !== 'production') env.LOG_FORMAT = 'pretty';
// Idle memory: one malloc arena instead of one per thread keeps the memory that start-up threads
// freed from staying in the process, and blocks of 4 MiB and more (argon2's 19 MiB per password hash)
// always go back to the system when freed (glibc otherwise raises that threshold to the largest block
// freed, and keeps later ones in its heap); a young generation of the JavaScript heap of 4 MB semi-spaces, not
// the default 16 (+2 MiB idle against 1 MB, which cost 1.2-1.6x the server CPU of an uncached list; decision 017).
env.MALLOC_ARENA_MAX ??= '1';
env.MALLOC_MMAP_THRESHOLD_ ??= String(4 * 1024 * 1024);
const server = spawn(process.execPath, ['--enable-source-maps', '--max-semi-space-size=4', serverJs], {
  cwd: root,
  stdio: 'inherit',
  env,
});
let killTimer;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill(signal);
    // The server ends itself within 10 s; if something blocks it beyond that, it is killed.
    killTimer ??= setTimeout(() => {
      console.error(`The server did not stop within ${STOP_DEADLINE_MS / 1000} s of ${signal}: killed.`);
      server.kill('SIGKILL');
    }, STOP_DEADLINE_MS);
  });
}
server.on('exit', (code, signal) => {
  clearTimeout(killTimer);
  process.exit(code ?? (signal ? 1 : 0));
});
