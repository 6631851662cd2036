import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { z } from 'zod';
import type { Config } from '../config';
import { PGLITE_EXTENSIONS } from '../db/client';
import { ArchiveRefused, packFiles, unpackChecked, type ArchivedFile, type EntryRules, type PackedFile } from './backup-archive';
import { assertDataDirFree } from './data-dir-lock';
import { isImageKey, isLayoutFolder, isWebp } from './storage-layout';

const run = promisify(execFile);

/**
 * One archive (tar.gz) holds what a dealership cannot rebuild: the database and the photos.
 *   manifest.json      what is inside, where it came from, and each file's size and SHA-256
 *   database.pglite    the embedded database's own dump (PGlite dumpDataDir, itself a tar.gz), or
 *   database.pgdump    PostgreSQL's custom format (pg_dump -Fc)
 *   uploads/<key>      the photos and avatars, when they are on this machine's disk: only the image
 *                      keys of the storage layout (infra/storage-layout.ts)
 * The JWT secret is left out: a restored site signs everyone out once, and an archive that leaks does
 * not let anyone forge sessions.
 *
 * A restore trusts nothing in the archive: it unpacks into a staging folder with every entry judged
 * first (files and folders of the layout only: no links, devices or stray pages and scripts, in the
 * embedded dump too), checks the files against the manifest, opens the database, and only then
 * writes into DATA_DIR (and removes what it wrote there if that fails).
 */
export const BACKUP_FORMAT = 'dealer-backup';
/** 2: the manifest lists each file's size and checksum. Archives of format 1 are still restored. */
const FORMAT_VERSION = 2;

const archivedFileSchema = z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** 'local' photos are in the archive; with object storage the bucket keeps them (and its versioning). */
  photos: z.discriminatedUnion('store', [
    z.object({ store: z.literal('local'), files: z.number().int().nonnegative() }),
    z.object({ store: z.literal('s3'), bucket: z.string() }),
  ]),
  /** Every file of the archive but the manifest, by name. Absent in format 1. */
  files: z.record(z.string(), archivedFileSchema).optional(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const DATABASE_FILE = { pglite: 'database.pglite', postgres: 'database.pgdump' } as const;

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** Files in the uploads folder that are not photos or avatars of the storage layout: left out. */
  skipped: string[];
}

/** Writes the archive to `outFile` (through a temporary name, so a failed backup leaves no half file). */
export async function createBackup(config: Config, outFile: string): Promise<BackupSummary> {
  const dataDir = path.resolve(config.DATA_DIR);
  const work = await mkdtemp(path.join(os.tmpdir(), 'dealer-backup-'));
  try {
    let database: BackupManifest['database'];
    if (config.DATABASE_URL) {
      database = 'postgres';
      await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(work, DATABASE_FILE.postgres)}`, config.DATABASE_URL]);
    } else {
      database = 'pglite';
      assertDataDirFree(dataDir, 'run the backup');
      const dbDir = path.join(dataDir, 'db');
      if (!existsSync(path.join(dbDir, 'PG_VERSION')))
        throw new BackupError(`Nothing to back up: there is no embedded database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
      const client = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS });
      try {
        const dump = await client.dumpDataDir('gzip');
        await writeFile(path.join(work, DATABASE_FILE.pglite), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    }
    const databaseFile = path.join(work, DATABASE_FILE[database]);
    const bucket = config.S3_BUCKET;
    const photos = bucket ? null : await photosToArchive(path.join(dataDir, 'uploads'));

    const target = path.resolve(outFile);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    // The manifest, with every file's checksum, goes last: each file is read once, as it is packed.
    let manifest!: BackupManifest;
    await packFiles(
      partial,
      [{ name: DATABASE_FILE[database], file: databaseFile, bytes: (await stat(databaseFile)).size }, ...(photos?.files ?? [])],
      (content) => {
        manifest = {
          format: BACKUP_FORMAT,
          version: FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          database,
          photos: bucket ? { store: 's3', bucket } : { store: 'local', files: photos!.files.length },
          files: Object.fromEntries(content),
        };
        return { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) };
      },
    );
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, manifest, skipped: photos?.skipped ?? [] };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The photos and avatars to archive: regular files with image keys of the layout; the rest is named. */
async function photosToArchive(uploads: string): Promise<{ files: PackedFile[]; skipped: string[] }> {
  const files: PackedFile[] = [];
  const skipped: string[] = [];
  if (!existsSync(uploads)) return { files, skipped };
  for (const entry of await readdir(uploads, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const key = path.relative(uploads, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    // A half-written file of a write in progress is no one's photo.
    if (key.endsWith('.tmp')) continue;
    const info = entry.isFile() ? await lstat(path.join(uploads, key)).catch(() => null) : null;
    if (!info?.isFile() || !isImageKey(key)) {
      skipped.push(key);
      continue;
    }
    files.push({ name: `uploads/${key}`, file: path.join(uploads, key), bytes: info.size });
  }
  return { files, skipped };
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
    const staged = path.join(work, 'archive');
    const { manifest, photos } = await unpackBackup(source, staged);
    const photoSource = path.join(staged, 'uploads');
    const restoresPhotos = manifest.photos.store === 'local' && photos > 0;

    if (manifest.database === 'pglite') {
      if (config.DATABASE_URL)
        throw new BackupError('This backup holds an embedded database: unset DATABASE_URL and set DATA_DIR to an empty folder to restore it.');
      assertDataDirFree(dataDir, 'restore into another folder');
      await assertEmptyFolder(dataDir);
      // The dump is the data folder itself as a tarball: unpacked under the same rules, and opened once
      // to prove it is whole, all before DATA_DIR is touched.
      const dbStage = path.join(work, 'db');
      await unpackDatabaseDump(path.join(staged, DATABASE_FILE.pglite), dbStage);
      await installIn(dataDir, ['db', 'uploads'], async () => {
        await cp(dbStage, path.join(dataDir, 'db'), { recursive: true, errorOnExist: true, force: false });
        if (restoresPhotos) await cp(photoSource, path.join(dataDir, 'uploads'), { recursive: true, errorOnExist: true, force: false });
      });
    } else {
      if (!config.DATABASE_URL)
        throw new BackupError('This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it.');
      await assertEmptyDatabase(config.DATABASE_URL);
      if (restoresPhotos) await assertEmptyFolder(path.join(dataDir, 'uploads'));
      await pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.DATABASE_URL}`, path.join(staged, DATABASE_FILE.postgres)]);
      if (restoresPhotos)
        await installIn(dataDir, ['uploads'], () => cp(photoSource, path.join(dataDir, 'uploads'), { recursive: true, errorOnExist: true, force: false }));
    }
    return { manifest, photos: restoresPhotos ? photos : 0 };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** What a backup archive may hold: the manifest, one database file, the layout's folders and images. */
const BACKUP_RULES: EntryRules = {
  folder: (name) => name === 'uploads' || (name.startsWith('uploads/') && isLayoutFolder(name.slice('uploads/'.length))),
  file(name) {
    if (name === 'manifest.json' || name === DATABASE_FILE.pglite || name === DATABASE_FILE.postgres) return true;
    if (name.startsWith('uploads/') && isImageKey(name.slice('uploads/'.length))) return true;
    return name.startsWith('uploads/') ? 'not a photo or avatar this application stores' : 'not part of a backup';
  },
  content: (name, head) => !name.startsWith('uploads/') || isWebp(head) || 'not a WebP image',
  // A stored photo is at most 1280 px wide and an avatar 256 px: far below these. The database has no bound.
  maxBytes: (name) => (name === 'manifest.json' ? MAX_MANIFEST_BYTES : name.startsWith('uploads/') ? MAX_IMAGE_BYTES : Infinity),
};

/**
 * Unpacks the archive into `staged` and checks it against its manifest: the one database file it
 * names, and (format 2) exactly the files it lists with their sizes and checksums; (format 1) as many
 * photo files as it counts.
 */
async function unpackBackup(source: string, staged: string): Promise<{ manifest: BackupManifest; photos: number }> {
  const notBackup = `${source} is not a backup made by 'npm run backup'`;
  await mkdir(staged);
  let files: Map<string, ArchivedFile>;
  try {
    files = await unpackChecked(source, staged, BACKUP_RULES);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw new BackupError(`${source} is refused, nothing was restored: ${error.message}.`);
    throw new BackupError(`${notBackup} (it cannot be unpacked: ${(error as Error).message}).`);
  }
  if (!files.has('manifest.json')) throw new BackupError(`${notBackup} (no manifest.json).`);
  let manifest: BackupManifest;
  try {
    const raw = JSON.parse(await readFile(path.join(staged, 'manifest.json'), 'utf8')) as { format?: unknown; version?: unknown };
    if (raw.format === BACKUP_FORMAT && typeof raw.version === 'number' && raw.version > FORMAT_VERSION)
      throw new BackupError(`${source} was written by a newer version (format ${raw.version}); update the application first.`);
    manifest = manifestSchema.parse(raw);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${notBackup} (its manifest.json cannot be read).`);
  }
  files.delete('manifest.json');
  const damaged = (what: string) => new BackupError(`${source} is damaged, nothing was restored: ${what}.`);
  const databaseFile = DATABASE_FILE[manifest.database];
  if (!files.has(databaseFile)) throw damaged(`${databaseFile} is missing`);
  const photos = [...files.keys()].filter((name) => name.startsWith('uploads/')).length;
  if (manifest.photos.store === 'local' && photos !== manifest.photos.files)
    throw damaged(`the manifest counts ${manifest.photos.files} photo files, the archive holds ${photos}`);
  if (manifest.photos.store === 's3' && photos > 0) throw damaged('photos of a bucket backup are in the archive');
  if (manifest.files) {
    for (const [name, expected] of Object.entries(manifest.files)) {
      const found = files.get(name);
      if (!found) throw damaged(`${name} is missing`);
      if (found.bytes !== expected.bytes || found.sha256 !== expected.sha256) throw damaged(`${name} does not match its checksum`);
    }
    const unlisted = [...files.keys()].find((name) => !manifest.files![name]);
    if (unlisted) throw damaged(`${unlisted} is not in the manifest`);
  }
  return { manifest, photos };
}

/** The embedded database's dump holds its data folder: plain files and folders, nothing else. */
const DATABASE_DUMP_RULES: EntryRules = { folder: () => true, file: () => true };

async function unpackDatabaseDump(dump: string, into: string): Promise<void> {
  await mkdir(into);
  try {
    await unpackChecked(dump, into, DATABASE_DUMP_RULES);
    // Opening a folder without a database would create a new, empty one.
    if (!existsSync(path.join(into, 'PG_VERSION'))) throw new ArchiveRefused('it holds no database folder');
    const client = await PGlite.create(into, { extensions: PGLITE_EXTENSIONS });
    try {
      await client.query('SELECT 1');
    } finally {
      await client.close();
    }
  } catch (error) {
    const why = error instanceof ArchiveRefused ? error.message : `it cannot be opened (${(error as Error).message || 'no message'})`;
    throw new BackupError(`The embedded database in this backup is damaged or refused, nothing was restored: ${why}.`);
  }
}

/**
 * Runs `write`, which creates `created` (names inside `folder`, absent before); when it fails they are
 * removed again, so a failed restore leaves the folder as it found it.
 */
async function installIn(folder: string, created: string[], write: () => Promise<void>): Promise<void> {
  await mkdir(folder, { recursive: true });
  try {
    await write();
  } catch (error) {
    for (const name of created) await rm(path.join(folder, name), { recursive: true, force: true });
    throw error;
  }
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

