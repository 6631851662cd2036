// `npm start`: builds what is out of date, then runs the production server (API + web on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/api/src', 'apps/api/drizzle', 'packages/shared/src'];
const outputs = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];

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

const builtAt = Math.min(...outputs.map((o) => (existsSync(path.join(root, o)) ? statSync(path.join(root, o)).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log('Building the web app and the server...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
