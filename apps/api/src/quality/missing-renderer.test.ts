// A web build without its server renderer (issue 23, item 21): `npm start` served every visitor page
// as the bare app shell without a word. It now builds what is missing, and a server that still finds
// no renderer says so when it starts.
import { spawnSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import type { AppDeps } from '../deps';
import { webAppPlugin } from '../web/web-app';
import { FAKE_TEMPLATE, fakeWebBuild } from '../test/fake-web-build';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe('a web build without its server renderer', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dealer-start-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is built again by npm start before the server runs', async () => {
    await mkdir(path.join(root, 'scripts'));
    for (const script of ['start.mjs', 'node-support.mjs']) await copyFile(path.join(repoRoot, 'scripts', script), path.join(root, 'scripts', script));
    await mkdir(path.join(root, 'apps/web/dist'), { recursive: true });
    await mkdir(path.join(root, 'apps/api/dist'), { recursive: true });
    await writeFile(path.join(root, 'apps/web/dist/index.html'), FAKE_TEMPLATE);
    await writeFile(path.join(root, 'apps/api/dist/server.js'), "console.log('server ran');\n");
    // `npm run build` as start.mjs calls it: says so and makes the missing renderer.
    await mkdir(path.join(root, 'bin'));
    await writeFile(path.join(root, 'bin/npm'), '#!/bin/sh\necho "build ran: $*"\nmkdir -p apps/web/dist/server && touch apps/web/dist/server/entry-server.js\n');
    await chmod(path.join(root, 'bin/npm'), 0o755);

    const run = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: `${path.join(root, 'bin')}:${process.env.PATH}`, NODE_ENV: 'production' },
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/build ran: run (--silent )?build/);
    expect(run.stdout.indexOf('build ran')).toBeLessThan(run.stdout.indexOf('server ran'));
  });

  it('makes the server say at start that visitor pages go out as the bare shell', async () => {
    const web = await fakeWebBuild({ renderer: false });
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, stream) });
    app.decorate('deps', { config: testConfig() } as AppDeps);
    await app.register(webAppPlugin, { distDir: web.distDir });
    try {
      const said = lines.find((line) => line.level === 50 && line.msg.includes('no server renderer'));
      expect(said?.msg).toContain(path.join(web.distDir, 'server', 'entry-server.js'));
      expect(said?.msg).toContain('npm run build');
      // It still serves the app, as the shell.
      expect((await app.inject({ method: 'GET', url: '/about' })).body).toBe(FAKE_TEMPLATE);
    } finally {
      await app.close();
      await web.remove();
    }
  });
});
