import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

/** Whether this machine can start a Redis server of a test's own. */
export const hasRedisServer = spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const until = async (condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A Redis server of a test's own, on a free port: stopped and started again by the test (it keeps nothing). */
export function privateRedis(port: number) {
  let proc: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await until(
        () =>
          new Promise<boolean>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => {
              socket.end();
              resolve(true);
            });
            socket.on('error', () => resolve(false));
          }),
      );
    },
    async stop() {
      if (!proc || proc.exitCode !== null) return;
      proc.kill('SIGKILL');
      await once(proc, 'exit');
    },
  };
}
