import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { PGLITE_EXTENSIONS } from '../db/client';
import { assertDataDirFree } from './data-dir-lock';

const run = promisify(execFile);

/**
 * One archive (tar.gz) holds what a dealership cannot rebuild: the database and the photos.
 *   manifest.json      what is inside and where it came from
 *   database.pglite    the embedded database's own dump (PGlite dumpDataDir), or
 *   database.pgdump    PostgreSQL's custom format (pg_dump -Fc)
 *   uploads/           the photos, when they are on this machine's disk
 * The JWT secret is left out: a restored site signs everyone out once, and an archive that leaks does
 * not let anyone forge sessions.
 */
export const BACKUP_FORMAT = 'dealer-backup';
const FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** 'local' photos are in the archive; with object storage the bucket keeps them (and its versioning). */
  photos: { store: 'local'; files: number } | { store: 's3'; bucket: string };
}

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** Writes the archive to `outFile` (through a temporary name, so a failed backup leaves no half file). */
export async function createBackup(config: Config, outFile: string): Promise<BackupSummary> {
  const dataDir = path.resolve(config.DATA_DIR);
  const work = await mkdtemp(path.join(os.tmpdir(), 'dealer-backup-'));
  try {
    let database: BackupManifest['database'];
    if (config.DATABASE_URL) {
      database = 'postgres';
      await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(work, 'database.pgdump')}`, config.DATABASE_URL]);
    } else {
      database = 'pglite';
      assertDataDirFree(dataDir, 'run the backup');
      const dbDir = path.join(dataDir, 'db');
      if (!existsSync(path.join(dbDir, 'PG_VERSION')))
        throw new BackupError(`Nothing to back up: there is no embedded database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
      const client = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS });
      try {
        const dump = await client.dumpDataDir('gzip');
        await writeFile(path.join(work, 'database.pglite'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    }
    const bucket = config.S3_BUCKET;
    let photos: BackupManifest['photos'];
    if (bucket) {
      photos = { store: 's3', bucket };
    } else {
      const uploads = path.join(dataDir, 'uploads');
      if (existsSync(uploads)) await cp(uploads, path.join(work, 'uploads'), { recursive: true, filter: (source) => !source.endsWith('.tmp') });
      photos = { store: 'local', files: await countFiles(path.join(work, 'uploads')) };
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, version: FORMAT_VERSION, createdAt: new Date().toISOString(), database, photos };
    await writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));

    const target = path.resolve(outFile);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await run('tar', ['-czf', partial, '-C', work, '.']);
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface RestoreSummary {
  manifest: BackupManifest;
  photos: number;
}

/** Restores into an empty DATA_DIR (embedded) or an empty database (DATABASE_URL); refuses anything else. */
export async function restoreBackup(config: Config, archive: string): Promise<RestoreSummary> {
  const source = path.resolve(archive);
  if (!existsSync(source)) throw new BackupError(`No such backup file: ${source}`);
  const dataDir = path.resolve(config.DATA_DIR);
  const work = await mkdtemp(path.join(os.tmpdir(), 'dealer-restore-'));
  try {
    try {
      await run('tar', ['-xzf', source, '-C', work]);
    } catch {
      throw new BackupError(`${source} is not a backup made by 'npm run backup' (it cannot be unpacked).`);
    }
    const manifest = await readManifest(work, source);
    const photoSource = path.join(work, 'uploads');
    const restoresPhotos = manifest.photos.store === 'local' && existsSync(photoSource);

    if (manifest.database === 'pglite') {
      if (config.DATABASE_URL)
        throw new BackupError('This backup holds an embedded database: unset DATABASE_URL and set DATA_DIR to an empty folder to restore it.');
      assertDataDirFree(dataDir, 'restore into another folder');
      await assertEmptyFolder(dataDir);
      // The dump is the data folder itself as a tarball; opening it once proves it is whole.
      const dbDir = path.join(dataDir, 'db');
      await mkdir(dbDir, { recursive: true });
      await run('tar', ['-xzf', path.join(work, 'database.pglite'), '-C', dbDir]);
      const client = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS });
      await client.query('SELECT 1');
      await client.close();
    } else {
      if (!config.DATABASE_URL)
        throw new BackupError('This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it.');
      await assertEmptyDatabase(config.DATABASE_URL);
      if (restoresPhotos) await assertEmptyFolder(path.join(dataDir, 'uploads'));
      await pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.DATABASE_URL}`, path.join(work, 'database.pgdump')]);
    }
    if (restoresPhotos) {
      await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
      await cp(photoSource, path.join(dataDir, 'uploads'), { recursive: true });
    }
    return { manifest, photos: restoresPhotos ? await countFiles(photoSource) : 0 };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readManifest(work: string, source: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${source} is not a backup made by 'npm run backup' (no manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${source} is not a backup made by 'npm run backup'.`);
  if (manifest.version > FORMAT_VERSION)
    throw new BackupError(`${source} was written by a newer version (format ${manifest.version}); update the application first.`);
  return manifest;
}

async function assertEmptyFolder(folder: string): Promise<void> {
  const entries = existsSync(folder) ? await readdir(folder) : [];
  if (entries.length > 0)
    throw new BackupError(
      `${folder} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}). ` +
        'A restore never overwrites data: choose an empty folder with DATA_DIR.',
    );
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.tables > 0)
      throw new BackupError(
        `The database in DATABASE_URL is not empty (${rows[0]!.tables} tables). A restore never overwrites data: create an empty database and point DATABASE_URL at it.`,
      );
  } finally {
    await client.end();
  }
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT') throw new BackupError(`${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`);
    // The connection string may carry a password: only the tool's own message is shown.
    throw new BackupError(`${tool} failed: ${(stderr ?? '').trim().split('\n').slice(-3).join(' ') || 'no message'}`);
  }
}

async function countFiles(folder: string): Promise<number> {
  if (!existsSync(folder)) return 0;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}
