// Private PostgreSQL and Redis servers for the fault suite, on 127.0.0.1 only, with their data under
// /tmp: the suite stops, restarts and starves them, so it never touches the shared servers. PostgreSQL
// runs as the `postgres` user when this script runs as root (initdb refuses root).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { sleep } from '../bench/lib.mjs';

/** PostgreSQL's programs: PG_BIN, else the newest Debian install, else the PATH. */
function postgresBin(program) {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, program);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(path.join(root, v, 'bin', program))) return path.join(root, v, 'bin', program);
  }
  return program;
}

const asRoot = process.getuid?.() === 0;

function runAsPostgres(program, args) {
  const command = asRoot ? 'runuser' : postgresBin(program);
  const argv = asRoot ? ['-u', 'postgres', '--', postgresBin(program), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

async function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * A PostgreSQL server of the suite's own on `port`: stop(), start(), restart() as an operator would. The default
 * port is below Linux's ephemeral range (32768-60999): 55432, inside it, was once the local port of another
 * connection when the suite started its server, which then could not listen.
 */
export async function startPrivatePostgres(port = Number(process.env.FAULTS_PG_PORT ?? 25432)) {
  if (await portAnswers(port)) throw new Error(`port ${port} is taken: set FAULTS_PG_PORT to a free port`);
  const dir = await mkdtemp('/tmp/dealer-faults-pg-');
  await chmod(dir, 0o777);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  runAsPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=100`;
  const ctl = (...args) => runAsPostgres('pg_ctl', ['-D', data, ...args]);
  const start = () => ctl('-l', logFile, '-o', options, '-w', '-t', '60', 'start');
  start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dbUrl: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    start,
    /** A fast shutdown: sessions are ended, as a restart or a failover ends them. */
    stop: () => ctl('-m', 'fast', '-w', '-t', '60', 'stop'),
    restart: () => ctl('-l', logFile, '-o', options, '-m', 'fast', '-w', '-t', '60', 'restart'),
    async destroy() {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        // already stopped
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Whether redis-server is installed. */
export const hasRedisServer = () => spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;

/** A Redis server of the suite's own on `port`, nothing kept on disk: stop() and start() again empty. */
export async function startPrivateRedis(port = Number(process.env.FAULTS_REDIS_PORT ?? 6390)) {
  if (await portAnswers(port)) throw new Error(`port ${port} is taken: set FAULTS_REDIS_PORT to a free port`);
  let proc;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; !(await portAnswers(port)); i += 1) {
      if (i > 200 || proc.exitCode !== null) throw new Error(`redis-server did not listen on ${port}`);
      await sleep(25);
    }
  };
  const stop = async () => {
    if (!proc || proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    await once(proc, 'exit');
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, destroy: stop };
}
