import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage, type FileStorage } from './storage';

describe('localStorage.put', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dealer-storage-'));
    storage = localStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const allFiles = async () =>
    (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

  it('stores a buffer or a stream whole under its key', async () => {
    await storage.put('vehicles/a/one.webp', Buffer.from('first'));
    await storage.put('vehicles/a/two.webp', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect((await allFiles()).sort()).toEqual(['one.webp', 'two.webp']);
    expect(await storage.exists('vehicles/a/two.webp')).toBe(true);
  });

  it('leaves no file, partial or temporary, when the data stream fails mid-way', async () => {
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      yield Buffer.alloc(64 * 1024, 2);
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    }
    await expect(storage.put('vehicles/b/photo-640.webp', Readable.from(failing()))).rejects.toThrow('no space left on device');
    expect(await allFiles()).toEqual([]);
    expect(await storage.exists('vehicles/b/photo-640.webp')).toBe(false);
  });

  it('removes the temporary file when it cannot take the real name', async () => {
    // A directory already holds the name: the rename fails after the data was written.
    await storage.put('vehicles/c/taken/inner.webp', Buffer.from('x'));
    await expect(storage.put('vehicles/c/taken', Buffer.from('data'))).rejects.toThrow();
    expect(await allFiles()).toEqual(['inner.webp']);
  });
});
