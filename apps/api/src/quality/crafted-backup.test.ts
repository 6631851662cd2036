import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { PGLITE_EXTENSIONS } from '../db/client';
import { BackupError, restoreBackup } from '../infra/backup';
import { TEST_DB_KIND } from '../test/harness';

/**
 * `npm run restore` against archives an attacker made (issue 23, items 7 and 8): links, devices, names
 * that climb out, pages and scripts among the photos, a manifest that does not match, a damaged or
 * linked embedded dump. Each is refused with a message, and DATA_DIR is left as it was: empty.
 */

const VEHICLE = '0b6f8f5e-2f43-4c1e-9d7a-3c9e2b1a4d5f';
const PHOTO = `uploads/vehicles/${VEHICLE}/${'ab'.repeat(12)}-320.webp`;

interface Entry {
  name: string;
  type?: tar.Header['type'];
  data?: Buffer;
  linkname?: string;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function tarGz(target: string, entries: Entry[]): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(
    async function* () {
      yield* pack as AsyncIterable<Buffer>;
    },
    createGzip(),
    createWriteStream(target),
  );
  for (const entry of entries) {
    const type = entry.type ?? 'file';
    const data = type === 'file' ? (entry.data ?? Buffer.alloc(0)) : Buffer.alloc(0);
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.name, type, linkname: entry.linkname, size: data.length, mode: 0o644 }, data, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  pack.finalize();
  await done;
}

let work: string;
let webp: Buffer;
let dump: Buffer;
let outside: string;
let counter = 0;

/** A format-2 archive of `entries` with a manifest that lists each file (unless `manifest` says otherwise). */
async function craft(entries: Entry[], manifest: Record<string, unknown> = {}): Promise<string> {
  const files = Object.fromEntries(
    entries.filter((e) => (e.type ?? 'file') === 'file').map((e) => [e.name, { bytes: e.data?.length ?? 0, sha256: sha256(e.data ?? Buffer.alloc(0)) }]),
  );
  const photos = Object.keys(files).filter((name) => name.startsWith('uploads/')).length;
  const body = { format: 'dealer-backup', version: 2, createdAt: new Date().toISOString(), database: 'pglite', photos: { store: 'local', files: photos }, files, ...manifest };
  const target = path.join(work, `crafted-${(counter += 1)}.tar.gz`);
  await tarGz(target, [{ name: 'manifest.json', data: Buffer.from(JSON.stringify(body)) }, ...entries]);
  return target;
}

const database = () => ({ name: 'database.pglite', data: dump });
const dataDirOf = (name: string) => path.join(work, name);
const configFor = (dataDir: string) => testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(work, 'no-web'), DATABASE_URL: undefined });

/** Restores `archive` into a new folder; expects the refusal `message`, and the folder left empty. */
async function expectRefused(archive: string, message: RegExp) {
  const dataDir = dataDirOf(`target-${(counter += 1)}`);
  const attempt = restoreBackup(configFor(dataDir), archive);
  await expect(attempt).rejects.toThrow(BackupError);
  await expect(attempt).rejects.toThrow(message);
  expect(existsSync(dataDir) ? await readdir(dataDir) : []).toEqual([]);
  // Nothing was written beside the secret either.
  expect(await readdir(outside)).toEqual(['secrets.json']);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'dealer-crafted-backup-'));
  outside = path.join(work, 'outside');
  await mkdir(outside);
  await writeFile(path.join(outside, 'secrets.json'), '{"jwtSecret":"do-not-serve"}');
  webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).webp().toBuffer();
  const client = await PGlite.create(path.join(work, 'source-db'), { extensions: PGLITE_EXTENSIONS });
  dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  await client.close();
}, 120_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe.skipIf(TEST_DB_KIND === 'postgres')('restoring a crafted backup', { timeout: 120_000 }, () => {
  it('restores a well-formed archive made this way (so each refusal below is about its one change)', async () => {
    const dataDir = dataDirOf('control');
    const restored = await restoreBackup(configFor(dataDir), await craft([database(), { name: PHOTO, data: webp }]));
    expect(restored.photos).toBe(1);
    expect(await readFile(path.join(dataDir, PHOTO))).toEqual(webp);
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  });

  it.each([
    ['a symbolic link to a secret', { name: PHOTO, type: 'symlink', linkname: 'OUTSIDE/secrets.json' }, /is a symbolic link/],
    ['a relative link out of the folder', { name: PHOTO, type: 'symlink', linkname: '../../../../secrets.json' }, /is a symbolic link/],
    ['a hard link', { name: PHOTO, type: 'link', linkname: 'manifest.json' }, /is a hard link/],
    ['a linked folder', { name: `uploads/vehicles/${VEHICLE}`, type: 'symlink', linkname: 'OUTSIDE' }, /is a symbolic link/],
    ['a device', { name: PHOTO, type: 'character-device' }, /is a device/],
    ['a named pipe', { name: PHOTO, type: 'fifo' }, /is a named pipe/],
    ['a page', { name: 'uploads/page.html', data: Buffer.from('<script>fetch("/api/auth/refresh")</script>') }, /uploads\/page.html: not a photo or avatar/],
    ['a script', { name: 'uploads/app.js', data: Buffer.from('alert(1)') }, /uploads\/app.js: not a photo or avatar/],
    ['a script named as a photo', { name: PHOTO, data: Buffer.from('alert(1); // pretending to be a picture') }, /not a WebP image/],
    ['a folder outside the layout', { name: 'uploads/scripts', type: 'directory' }, /the folder uploads\/scripts is not part of a backup/],
    ['a name that climbs out', { name: '../escape.webp', data: webp }, /is not a plain name/],
    ['a name inside a climb', { name: 'uploads/../../escape', data: webp }, /is not a plain name/],
    ['a stray file at the top', { name: 'secrets.json', data: Buffer.from('{}') }, /secrets.json: not part of a backup/],
  ] as [string, Entry, RegExp][])('refuses %s', async (_label, entry, message) => {
    await expectRefused(await craft([database(), { ...entry, linkname: entry.linkname?.replace('OUTSIDE', outside) }]), message);
  });

  it('refuses a photo larger than any the application stores, by its header, before reading it', async () => {
    const huge = Buffer.alloc(33 * 1024 * 1024);
    webp.copy(huge);
    await expectRefused(await craft([database(), { name: PHOTO, data: huge }]), /is larger than 33554432 bytes/);
  });

  it('refuses a name given twice (the second copy would replace the checked one)', async () => {
    await expectRefused(await craft([database(), { name: PHOTO, data: webp }, { name: PHOTO, data: webp }]), /is in the archive twice/);
  });

  it('checks the files against the manifest before anything is written', async () => {
    const photo = { name: PHOTO, data: webp };
    const other = { bytes: webp.length, sha256: sha256(Buffer.from('another picture')) };
    await expectRefused(await craft([database(), photo], { files: { 'database.pglite': { bytes: dump.length, sha256: sha256(dump) }, [PHOTO]: other } }), /does not match its checksum/);
    await expectRefused(await craft([database()], { files: { 'database.pglite': { bytes: dump.length, sha256: sha256(dump) }, [PHOTO]: other }, photos: { store: 'local', files: 0 } }), /is missing/);
    await expectRefused(await craft([database(), photo], { files: { 'database.pglite': { bytes: dump.length, sha256: sha256(dump) } } }), /is not in the manifest/);
    await expectRefused(await craft([database(), photo], { photos: { store: 'local', files: 2 } }), /counts 2 photo files, the archive holds 1/);
    await expectRefused(await craft([photo]), /database.pglite is missing/);
  });

  it('refuses links and devices inside the embedded database dump', async () => {
    for (const entry of [
      { name: '/base/1/1259', type: 'symlink', linkname: 'OUTSIDE/secrets.json' },
      { name: '/pg_wal', type: 'symlink', linkname: 'OUTSIDE' },
      { name: '/global/pg_control', type: 'block-device' },
      { name: '/../../escape', data: Buffer.from('x') },
    ] as Entry[]) {
      const inner = path.join(work, `inner-${(counter += 1)}.tar.gz`);
      await tarGz(inner, [{ name: '/PG_VERSION', data: Buffer.from('17\n') }, { ...entry, linkname: entry.linkname?.replace('OUTSIDE', outside) }]);
      await expectRefused(await craft([{ name: 'database.pglite', data: await readFile(inner) }]), /embedded database in this backup is damaged or refused/);
    }
  });

  it('says so when the embedded dump is damaged, and leaves DATA_DIR empty', async () => {
    await expectRefused(await craft([{ name: 'database.pglite', data: dump.subarray(0, Math.floor(dump.length / 2)) }]), /embedded database in this backup is damaged or refused/);
    // Whole as gzip, but not a database folder.
    await expectRefused(await craft([{ name: 'database.pglite', data: gzipSync(Buffer.alloc(4096)) }]), /embedded database in this backup is damaged or refused/);
  });

  it('still restores an archive of format 1 (no checksums) written by the tar program', async () => {
    const folder = path.join(work, 'v1');
    await mkdir(path.join(folder, path.dirname(PHOTO)), { recursive: true });
    await writeFile(path.join(folder, PHOTO), webp);
    await writeFile(path.join(folder, 'database.pglite'), dump);
    const manifest = { format: 'dealer-backup', version: 1, createdAt: '2026-01-01T00:00:00.000Z', database: 'pglite', photos: { store: 'local', files: 1 } };
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
    const archive = path.join(work, 'v1.tar.gz');
    await promisify(execFile)('tar', ['-czf', archive, '-C', folder, '.']);
    const dataDir = dataDirOf('v1-restored');
    expect((await restoreBackup(configFor(dataDir), archive)).photos).toBe(1);
    expect((await lstat(path.join(dataDir, PHOTO))).isFile()).toBe(true);
  });
});
