import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { vehicleImages, vehicles } from '../db/schema';
import { openRuntime, type Runtime } from '../runtime';
import { TEST_DB_KIND, type TestContext } from '../test/harness';
import { adminQuery, databaseUrl, quoteIdentifier } from '../test/postgres-admin';
import { BackupError, createBackup, restoreBackup } from './backup';
import { DataDirBusyError } from './data-dir-lock';
import { systemClock } from './clock';
import { createVehicleViaApi } from '../test/requests';
import { jpegImage } from '../test/images';
import { createUser } from '../test/factories';

/** A running app on what `config` names (embedded folder or DATABASE_URL), as `npm start` would open it. */
async function openSite(config: Config): Promise<TestContext & { runtime: Runtime }> {
  const runtime = await openRuntime(config);
  const app = await buildApp({ config, db: runtime.database.db, clock: systemClock, storage: runtime.storage, jwtSecret: config.JWT_SECRET! });
  await app.ready();
  return {
    app,
    runtime,
    database: runtime.database,
    config,
    dataDir: config.DATA_DIR,
    clock: systemClock,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

/** Lists a vehicle with one photo; returns its id and the photo's file path under uploads/. */
async function listVehicleWithPhoto(site: TestContext) {
  const seller = await createUser(site);
  const vehicle = await createVehicleViaApi(site, seller, { title: 'Backed-up Saab 900' }, [
    { data: await jpegImage(64, 48), filename: 'saab.jpg' },
  ]);
  const photoUrl = vehicle.images[0]!.url;
  return { id: vehicle._id, photoFile: decodeURIComponent(new URL(photoUrl, 'http://x').pathname.replace(/^\/uploads\//, '')) };
}

async function expectRestored(config: Config, listing: { id: string; photoFile: string }) {
  const site = await openSite(config);
  try {
    const [row] = await site.database.db.select().from(vehicles).where(eq(vehicles.id, listing.id));
    expect(row).toMatchObject({ id: listing.id, title: 'Backed-up Saab 900' });
    const images = await site.database.db.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, listing.id));
    expect(images).toHaveLength(1);
    expect((await readFile(path.join(config.DATA_DIR, 'uploads', listing.photoFile))).length).toBeGreaterThan(0);
  } finally {
    await site.close();
  }
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'dealer-backup-test-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const embeddedConfig = (dataDir: string) =>
  testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(work, 'no-web'), DATABASE_URL: undefined });

describe.skipIf(TEST_DB_KIND === 'postgres')('backup and restore of the embedded database', { timeout: 240_000 }, () => {
  it('backs up, restores into a fresh folder, and the listing and its photo are there', async () => {
    const source = embeddedConfig(path.join(work, 'source'));
    const site = await openSite(source);
    const listing = await listVehicleWithPhoto(site);
    await site.close();
    // Neither a stray page nor a link (to the JWT secret beside uploads/) goes into the archive.
    const uploads = path.join(source.DATA_DIR, 'uploads');
    await writeFile(path.join(uploads, 'page.html'), '<script>alert(1)</script>');
    await writeFile(path.join(source.DATA_DIR, 'secrets.json'), '{"jwtSecret":"kept-out"}');
    const linked = `vehicles/${listing.id}/${'0'.repeat(24)}-320.webp`;
    await symlink(path.join(source.DATA_DIR, 'secrets.json'), path.join(uploads, linked));

    const archive = path.join(work, 'nightly', 'dealer.tar.gz');
    const backup = await createBackup(source, archive);
    expect(backup.skipped.sort()).toEqual([linked, 'page.html'].sort());
    expect(backup.manifest).toMatchObject({ format: 'dealer-backup', version: 2, database: 'pglite', photos: { store: 'local' } });
    expect(backup.manifest.files?.[`uploads/${listing.photoFile}`]).toMatchObject({ bytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(backup.manifest.photos).toMatchObject({ files: expect.any(Number) });
    expect((backup.manifest.photos as { files: number }).files).toBeGreaterThan(0);
    expect(existsSync(`${archive}.partial`)).toBe(false);

    const target = embeddedConfig(path.join(work, 'restored'));
    const restored = await restoreBackup(target, archive);
    expect(restored.photos).toBe((backup.manifest.photos as { files: number }).files);
    await expectRestored(target, listing);

    // The restored folder is now in use: a second restore refuses and changes nothing.
    await expect(restoreBackup(target, archive)).rejects.toThrow(/is not empty .* A restore never overwrites data/);
    await expectRestored(target, listing);
  });

  it('refuses while a running server holds the folder, and says what to do', async () => {
    const dataDir = path.join(work, 'busy');
    await mkdir(dataDir, { recursive: true });
    // The test runner's parent stands in for a live server process.
    await writeFile(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: process.ppid }));
    await expect(createBackup(embeddedConfig(dataDir), path.join(work, 'busy.tar.gz'))).rejects.toThrow(DataDirBusyError);
    await expect(createBackup(embeddedConfig(dataDir), path.join(work, 'busy.tar.gz'))).rejects.toThrow(
      /A server \(process \d+\) is running on .* Stop it, run the backup, then start it again/,
    );
    expect(existsSync(path.join(work, 'busy.tar.gz'))).toBe(false);
  });

  it('explains an empty folder, a missing file and a file that is not a backup', async () => {
    await expect(createBackup(embeddedConfig(path.join(work, 'nothing')), path.join(work, 'n.tar.gz'))).rejects.toThrow(
      /Nothing to back up: there is no embedded database/,
    );
    await expect(restoreBackup(embeddedConfig(path.join(work, 'r1')), path.join(work, 'missing.tar.gz'))).rejects.toThrow(
      /No such backup file/,
    );
    const notBackup = path.join(work, 'photo.tar.gz');
    await writeFile(notBackup, 'not a tarball');
    await expect(restoreBackup(embeddedConfig(path.join(work, 'r2')), notBackup)).rejects.toThrow(BackupError);
    expect(existsSync(path.join(work, 'r2', 'db'))).toBe(false);
  });
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('backup and restore on PostgreSQL', { timeout: 240_000 }, () => {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const names = [`dealer_backup_src_${process.pid}`, `dealer_backup_dst_${process.pid}`];
  beforeAll(async () => {
    for (const name of names) {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      await adminQuery(baseUrl, `CREATE DATABASE ${quoteIdentifier(name)}`);
    }
  });
  afterAll(async () => {
    for (const name of names) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  });

  it('pg_dump into the archive, pg_restore into an empty database; a non-empty one is refused', async () => {
    const [src, dst] = names.map((name) => databaseUrl(baseUrl, name)) as [string, string];
    const source = testConfig({ DATA_DIR: path.join(work, 'pg-source'), WEB_DIST_DIR: path.join(work, 'no-web'), DATABASE_URL: src });
    const site = await openSite(source);
    const listing = await listVehicleWithPhoto(site);
    await site.close();

    const archive = path.join(work, 'pg.tar.gz');
    const backup = await createBackup(source, archive);
    expect(backup.manifest).toMatchObject({ database: 'postgres', photos: { store: 'local' } });

    const target = testConfig({ DATA_DIR: path.join(work, 'pg-restored'), WEB_DIST_DIR: path.join(work, 'no-web'), DATABASE_URL: dst });
    await restoreBackup(target, archive);
    await expectRestored(target, listing);
    await expect(restoreBackup(target, archive)).rejects.toThrow(/The database in DATABASE_URL is not empty/);
  });
});
