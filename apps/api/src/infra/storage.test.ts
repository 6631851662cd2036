import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3RVER_KEYS, startS3Server, type TestS3Server } from '../test/s3-server';
import { s3Storage } from './s3-storage';
import { localStorage, type FileStorage } from './storage';

/**
 * What every storage promises the services: the same calls, the same answers, on a local folder
 * and on a real S3-compatible server (s3rver, started here).
 */
describe.each([
  ['a local folder', 'local'],
  ['an S3 bucket', 's3'],
] as const)('storage contract on %s', (_name, kind) => {
  let s3: TestS3Server | undefined;
  let root: string | undefined;
  let storage: FileStorage;
  let counter = 0;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });
  beforeEach(async () => {
    counter += 1;
    if (s3) {
      // One bucket for the file; each test writes under its own folder.
      storage = s3.storage();
    } else {
      root = await mkdtemp(path.join(os.tmpdir(), 'dealer-storage-'));
      storage = localStorage(root);
    }
  });
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });
  const folder = () => `vehicles/t${counter}`;

  it('stores a buffer or a stream whole, lists it, reads it back with its content type', async () => {
    const before = Date.now();
    await storage.put(`${folder()}/one-320.webp`, Buffer.from('first'));
    await storage.put(`${folder()}/two-640.webp`, Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect((await storage.list(folder())).sort()).toEqual([`${folder()}/one-320.webp`, `${folder()}/two-640.webp`]);
    expect(await storage.exists(`${folder()}/two-640.webp`)).toBe(true);
    const file = await storage.read(`${folder()}/two-640.webp`);
    expect(file).toMatchObject({ contentType: 'image/webp', contentLength: 6 });
    expect(await text(file!.body)).toBe('second');
    const entries = await storage.entries(folder());
    expect(entries).toHaveLength(2);
    // S3 keeps whole seconds; the server's clock is this machine's.
    for (const entry of entries) expect(Math.abs(entry.modifiedMs - before)).toBeLessThan(5_000);
  });

  it('lists a folder, not every key that starts with the same letters', async () => {
    await storage.put(`${folder()}/a/x-320.webp`, Buffer.from('a'));
    await storage.put(`${folder()}/ab/x-320.webp`, Buffer.from('ab'));
    expect(await storage.list(`${folder()}/a`)).toEqual([`${folder()}/a/x-320.webp`]);
    expect(await storage.list(`${folder()}/none`)).toEqual([]);
  });

  it('replaces a file written again under the same key', async () => {
    await storage.put(`${folder()}/same-320.webp`, Buffer.from('old'));
    await storage.put(`${folder()}/same-320.webp`, Buffer.from('newer'));
    expect(await text((await storage.read(`${folder()}/same-320.webp`))!.body)).toBe('newer');
    expect(await storage.list(folder())).toEqual([`${folder()}/same-320.webp`]);
  });

  it('removes a file; removing a missing file is not an error; a missing file reads as null', async () => {
    await storage.put(`${folder()}/gone-320.webp`, Buffer.from('x'));
    await storage.remove(`${folder()}/gone-320.webp`);
    await storage.remove(`${folder()}/never-320.webp`);
    expect(await storage.exists(`${folder()}/gone-320.webp`)).toBe(false);
    expect(await storage.read(`${folder()}/gone-320.webp`)).toBeNull();
    expect(await storage.list(folder())).toEqual([]);
  });

  it('stores nothing when the data stream fails mid-way', async () => {
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    }
    await expect(storage.put(`${folder()}/broken-640.webp`, Readable.from(failing()))).rejects.toThrow('no space left on device');
    expect(await storage.exists(`${folder()}/broken-640.webp`)).toBe(false);
    expect(await storage.entries(folder())).toEqual([]);
  });

  it('refuses keys that could leave the storage', async () => {
    await expect(storage.put('../outside.webp', Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
    await expect(storage.put('vehicles/../../outside.webp', Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
    expect(await storage.read('../outside.webp')).toBeNull();
  });

  it('gives the address the API serves the file at', () => {
    expect(storage.url('vehicles/v1/p-320.webp')).toBe('/uploads/vehicles/v1/p-320.webp');
  });
});

describe('s3Storage', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('gives CDN addresses when S3_PUBLIC_URL is set', () => {
    const storage = s3.storage({ publicUrl: 'https://cdn.example.com/photos/' });
    expect(storage.url('vehicles/v1/p-320.webp')).toBe('https://cdn.example.com/photos/vehicles/v1/p-320.webp');
  });

  it('stores files with their content type and a cache header for the CDN', async () => {
    await s3.storage().put('avatars/u1/a.webp', Buffer.from('x'));
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_KEYS });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'avatars/u1/a.webp' }));
    client.destroy();
    expect(head).toMatchObject({ ContentType: 'image/webp', CacheControl: 'public, max-age=31536000, immutable', ContentLength: 1 });
  });

  it('checks at start that the bucket is there and says which one is not', async () => {
    await expect(s3.storage().check()).resolves.toBeUndefined();
    await expect(s3.storage({ bucket: 'missing-bucket' }).check()).rejects.toThrow(
      `Cannot use the S3 bucket "missing-bucket" at ${s3.endpoint}: the bucket does not exist`,
    );
  });

  it('says when the store cannot be reached', async () => {
    const storage = s3Storage({
      bucket: 'photos',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
    await expect(storage.check()).rejects.toThrow('Cannot use the S3 bucket "photos" at http://127.0.0.1:9: ');
    storage.close();
  });
});

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
