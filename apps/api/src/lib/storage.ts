import { mkdir, readdir, rm, writeFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk today; an object store later behind the same calls. */
export interface FileStorage {
  /** Stores the whole of `data` under `key`, or nothing at all when the write fails. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  url(key: string): string;
  list(prefix: string): Promise<string[]>;
  /** The directory served at /uploads, when the storage is local. */
  readonly localRoot?: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;
let tempCounter = 0;

export function localStorage(root: string, publicPrefix = '/uploads'): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    localRoot: root,
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename so a crash never leaves a half-written file under the real name. The
      // temporary name is unique per write: two writes of one key never share a partial file.
      const temp = `${file}.${process.pid}.${(tempCounter += 1)}.tmp`;
      try {
        await writeFile(temp, data);
        await rename(temp, file);
      } catch (error) {
        // A full disk or a source stream that fails mid-way leaves a partial file: remove it now
        // rather than wait for the sweep.
        await rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        await stat(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    url: (key) => `${publicPrefix}/${key}`,
    async list(prefix) {
      const dir = resolve(prefix);
      try {
        const entries = await readdir(dir, { recursive: true, withFileTypes: true });
        return entries
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
      } catch {
        return [];
      }
    },
  };
}
