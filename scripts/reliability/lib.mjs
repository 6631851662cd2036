// Helpers for the reliability scripts that run a small production topology: the built server (built
// here when missing), a real S3-compatible store (s3rver) and a real load balancer (Debian's nginx).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_DIST, ROOT, freePort, log, sleep, tempDir } from '../bench/lib.mjs';

/** Builds the API into API_DIST (apps/api/dist unless set) when it has not been built yet. */
export function ensureBuild() {
  if (existsSync(path.join(API_DIST, 'server.js'))) return;
  log(`No build in ${path.relative(ROOT, API_DIST)}: building the API...`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@dealer/api'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_OUT_DIR: path.relative(path.join(ROOT, 'apps/api'), API_DIST) },
  });
  if (result.status !== 0) throw new Error('npm run build -w @dealer/api failed');
}

/**
 * A server's settings for a test whose handful of accounts make every write: no per-customer limit (open
 * bookings, bookings a day, booking e-mails a day, photos an hour), whose refusals are correct but would hide what
 * the test looks for. One place, so a limit added later is lifted for every script at once.
 */
export const NO_CUSTOMER_LIMITS = {
  MAX_OPEN_BOOKINGS: '100000',
  BOOKINGS_PER_DAY: '100000',
  BOOKING_MAIL_PER_RECIPIENT_PER_DAY: '100000',
  UPLOAD_PHOTOS_PER_HOUR: '100000',
};

/** s3rver accepts any signed request with these keys. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-compatible server on 127.0.0.1 with one empty bucket; `env` points the API at it. */
export async function startS3rver(bucket = 'dealer-photos') {
  const { default: S3rver } = await import('s3rver');
  const directory = await tempDir('dealer-s3');
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Installs Debian's nginx when it is missing (the machine's package manager, as root). */
export function ensureNginx() {
  if (spawnSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' }).status === 0) return;
  log('nginx is missing: apt-get install -y nginx');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update']);
  if (run(['apt-get', 'install', '-y', 'nginx']).status !== 0) throw new Error('could not install nginx with apt-get');
}

/**
 * Starts nginx in the foreground (a child of this process) with a configuration written to a temporary
 * folder: one upstream with the given servers, round robin. Failed connections and dead servers are
 * retried on the next server for every request (nothing was sent), but a request already sent is
 * retried only when its method is idempotent (nginx's default: never POST, PATCH, LOCK), so a write is
 * never applied twice. The access log names the request id and the node(s) that answered.
 */
export async function startNginx({ upstreams, port, failTimeoutSeconds = 10 }) {
  ensureNginx();
  port ??= await freePort();
  const dir = await tempDir('dealer-nginx');
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, sub));
  await chmod(dir, 0o755);
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
  log_format nodes '$http_x_request_id $status "$upstream_addr" "$upstream_status" $request_time $request_method $uri';
  access_log ${accessLog} nodes;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 250m;
  upstream dealer_api {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=${failTimeoutSeconds}s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://dealer_api;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $http_x_request_id;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_request_buffering on;
    }
  }
}
`;
  const configFile = path.join(dir, 'nginx.conf');
  await writeFile(configFile, config);
  const proc = spawn('nginx', ['-c', configFile, '-p', dir, '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  let exited = null;
  proc.on('exit', (code, signal) => (exited = { code, signal }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (exited) throw new Error(`nginx exited at start (${JSON.stringify(exited)}): ${stderr}${await readFile(errorLog, 'utf8').catch(() => '')}`);
    if (i > 200) throw new Error(`nginx did not listen on ${url}: ${stderr}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      await sleep(50);
    }
  }
  return {
    url,
    port,
    dir,
    accessLog,
    errorLog,
    /** Entries of the access log by request id: status, the upstream address(es) tried, their statuses. */
    async readLog() {
      const text = await readFile(accessLog, 'utf8').catch(() => '');
      const byId = new Map();
      for (const line of text.split('\n')) {
        const m = /^(\S+) (\d+) "([^"]*)" "([^"]*)" (\S+) (\S+) (\S+)$/.exec(line);
        if (!m || m[1] === '-') continue;
        byId.set(m[1], { status: Number(m[2]), upstreams: m[3], upstreamStatus: m[4], seconds: Number(m[5]), method: m[6], uri: m[7] });
      }
      return byId;
    },
    async stop() {
      if (exited) return;
      proc.kill('SIGQUIT');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await once(proc, 'exit').catch(() => undefined);
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
