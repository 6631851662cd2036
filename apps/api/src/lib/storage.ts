import { mkdir, readdir, rm, writeFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk today; an object store later behind the same calls. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  url(key: string): string;
  list(prefix: string): Promise<string[]>;
  /** The directory served at /uploads, when the storage is local. */
  readonly localRoot?: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

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
      // Write then rename so a crash never leaves a half-written file under the real name.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, data);
      await rename(temp, file);
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
