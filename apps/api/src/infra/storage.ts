import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file's key and when it was last written (ms since the epoch), for the orphan sweep. */
export interface StoredEntry {
  key: string;
  modifiedMs: number;
}

/** A stored file opened for reading, to serve it at /uploads when no folder holds it. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

/** Where uploaded files live: a local folder (the default) or an S3-compatible bucket, behind the same calls. */
export interface FileStorage {
  /** Stores the whole of `data` under `key`, or nothing at all when the write fails. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The address clients fetch the file from. */
  url(key: string): string;
  /** Every key under the folder `prefix` (`vehicles/<id>` holds `vehicles/<id>/...`, not `vehicles/<id>x/...`). */
  list(prefix: string): Promise<string[]>;
  /** Like list, with each file's last write time. */
  entries(prefix: string): Promise<StoredEntry[]>;
  /** Opens a file for serving; null when there is none. */
  read(key: string): Promise<StoredObject | null>;
  /** The directory served at /uploads, when the storage is local. */
  readonly localRoot?: string;
  /** Where the files are, for logs and the start banner. */
  readonly description: string;
}

export const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** The content type a stored file is served with, from its name. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Photos and avatars get a new key whenever they change, so a served file never changes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
let tempCounter = 0;

/**
 * Files in a local folder. Only what really lies inside the folder is read, listed, served or
 * removed, and new files are written only inside it: a link that points elsewhere (one a crafted
 * backup brought in, say) is treated as missing, so it can neither serve a host file nor let the
 * sweep delete one.
 */
export function localStorage(root: string, publicPrefix = '/uploads'): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  /** The real path of `file` when it exists and lies inside the folder, else null. */
  const realInside = async (file: string): Promise<string | null> => {
    const [realRoot, real] = await Promise.all([realpath(root).catch(() => null), realpath(file).catch(() => null)]);
    if (!realRoot || !real) return null;
    const relative = path.relative(realRoot, real);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative)) ? real : null;
  };
  /** The file `key` names when it is a regular file whose real path is inside the folder, else null. */
  const regularFile = async (key: string) => {
    const real = await realInside(resolve(key));
    if (!real) return null;
    const info = await lstat(real).catch(() => null);
    return info?.isFile() ? { file: real, info } : null;
  };
  const entries = async (prefix: string): Promise<StoredEntry[]> => {
    const dir = await realInside(resolve(prefix));
    if (!dir) return [];
    let found;
    try {
      found = await readdir(dir, { recursive: true, withFileTypes: true });
    } catch {
      return [];
    }
    const realRoot = await realpath(root);
    const out: StoredEntry[] = [];
    for (const e of found) {
      // Links are not files of this storage; a recursive listing does not enter linked folders.
      if (!e.isFile()) continue;
      const file = path.join(e.parentPath, e.name);
      // A file removed between the listing and this look is simply no longer there.
      const info = await lstat(file).catch(() => null);
      if (info) out.push({ key: path.relative(realRoot, file).split(path.sep).join('/'), modifiedMs: info.mtimeMs });
    }
    return out;
  };
  return {
    localRoot: root,
    description: `the folder ${root}`,
    async put(key, data) {
      const file = resolve(key);
      // The folders to create hang below one that is really inside (no folder is made through a link).
      let existing = path.dirname(file);
      while (existing !== root && !(await lstat(existing).catch(() => null))) existing = path.dirname(existing);
      const refuse = () => new Error(`Refusing to write ${key}: its folder leads outside ${root}`);
      if (existing !== root && !(await realInside(existing))) throw refuse();
      await mkdir(path.dirname(file), { recursive: true });
      if (!(await realInside(path.dirname(file)))) throw refuse();
      // Write then rename so a crash never leaves a half-written file under the real name. The
      // temporary name is unique per write: two writes of one key never share a partial file, and
      // 'wx' never writes through a link planted under that name.
      const temp = `${file}.${process.pid}.${(tempCounter += 1)}.tmp`;
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        // A full disk or a source stream that fails mid-way leaves a partial file: remove it now
        // rather than wait for the sweep.
        await rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async remove(key) {
      const file = resolve(key);
      // Only a name inside the folder is removed; a link itself goes, never what it points at.
      if (!(await realInside(path.dirname(file)))) return;
      await rm(file, { force: true });
    },
    async exists(key) {
      return (await regularFile(key)) !== null;
    },
    url: (key) => `${publicPrefix}/${key}`,
    async list(prefix) {
      return (await entries(prefix)).map((e) => e.key);
    },
    entries,
    async read(key) {
      if (!isSafeKey(key)) return null;
      const found = await regularFile(key);
      if (!found) return null;
      const { file, info } = found;
      return {
        // Opened without following a link: a name swapped for one since the look above fails here.
        body: (await open(file, constants.O_RDONLY | constants.O_NOFOLLOW)).createReadStream(),
        contentType: contentTypeOf(key),
        contentLength: info.size,
        etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    },
  };
}
