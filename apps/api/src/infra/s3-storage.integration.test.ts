import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { S3RVER_KEYS, startS3Server, type TestS3Server } from '../test/s3-server';
import { sweepOrphanUploads } from './upload-sweep';
import { createUser, type TestUser } from '../test/factories';
import { createVehicleViaApi, patchVehicle } from '../test/requests';
import { jpegImage, pngImage } from '../test/images';

/** The API with its photos in a real S3-compatible server (s3rver), as with S3_BUCKET set. */
describe('photos in an S3 bucket', () => {
  let s3: TestS3Server;
  let ctx: TestContext;
  let owner: TestUser;
  beforeAll(async () => {
    s3 = await startS3Server('listing-photos');
    ctx = await createTestApp({ storage: s3.storage(), config: s3.config });
    owner = await createUser(ctx);
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  const bucketKeys = (prefix = 'vehicles') => ctx.app.deps.storage.list(prefix);

  it('stores a new listing’s photos in the bucket, none on disk, and serves them at /uploads', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: photo }, { data: await pngImage() }]);
    expect(v.images).toHaveLength(2);
    const keys = await bucketKeys(`vehicles/${v._id}`);
    // 900 px wide: 320, 640 and 900; 32 px: one version.
    expect(keys).toHaveLength(4);
    const onDisk = await readdir(path.join(ctx.dataDir, 'uploads'), { recursive: true }).catch(() => []);
    expect(onDisk).toEqual([]);

    for (const size of v.images[0]!.sizes) {
      expect(size.url).toMatch(new RegExp(`^/uploads/vehicles/${v._id}/[^/]+-${size.width}\\.webp$`));
      const res = await ctx.app.inject({ method: 'GET', url: size.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(size.width);
      // A browser's revalidation costs no body.
      const again = await ctx.app.inject({ method: 'GET', url: size.url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: v.images[1]!.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('answers 404 for a file the bucket does not hold and for keys outside it', async () => {
    for (const url of ['/uploads/vehicles/none/none-320.webp', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('serves only image keys, as images, whatever type the object was stored with (issue 23, item 8)', async () => {
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_KEYS });
    const page = Buffer.from('<script>fetch("/api/auth/refresh",{method:"POST"})</script>');
    const imageKey = `vehicles/0b6f8f5e-2f43-4c1e-9d7a-3c9e2b1a4d5f/${'c'.repeat(24)}-320.webp`;
    for (const key of ['page.html', 'app.js', imageKey])
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: page, ContentType: 'text/html' }));
    client.destroy();
    for (const key of ['page.html', 'app.js']) expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode, key).toBe(404);
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${imageKey}` });
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const key of ['page.html', 'app.js', imageKey]) await ctx.app.deps.storage.remove(key);
  });

  it('removes the files written for an update that fails', async () => {
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: await jpegImage() }]);
    const before = await bucketKeys(`vehicles/${v._id}`);
    // A kept photo that is not this listing's fails inside the transaction, after the new photo was stored.
    const res = await patchVehicle(ctx, owner, v._id, { 'existingImages[0][key]': 'deadbeef' }, [{ data: await pngImage() }]);
    expect(res.statusCode).toBe(422);
    expect(await bucketKeys(`vehicles/${v._id}`)).toEqual(before);
  });

  it('removes a deleted listing’s photos from the bucket', async () => {
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: await pngImage() }, { data: await jpegImage() }]);
    expect(await bucketKeys(`vehicles/${v._id}`)).toHaveLength(2);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${v._id}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(await bucketKeys(`vehicles/${v._id}`)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: v.images[0]!.url })).statusCode).toBe(404);
  });

  it('sweeps objects no row refers to once they are old enough, and keeps every listed photo', async () => {
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: await pngImage() }]);
    const storage = ctx.app.deps.storage;
    const orphan = 'vehicles/00000000-0000-4000-8000-000000000000/deadbeef-320.webp';
    const avatar = 'avatars/someone/old.webp';
    for (const key of [orphan, avatar]) await storage.put(key, Buffer.from('x'));
    const listed = await bucketKeys();

    const young = await sweepOrphanUploads(ctx.database.db, storage);
    expect(young.removed).toEqual([]);
    expect(young.youngOrphans).toBe(2);

    // Ten minutes on, the orphans are old enough.
    const result = await sweepOrphanUploads(ctx.database.db, storage, { now: Date.now() + 10 * 60_000 });
    expect(result.removed.sort()).toEqual([avatar, orphan].sort());
    expect(await bucketKeys()).toEqual(listed.filter((key) => key !== orphan));
    expect(await bucketKeys(`vehicles/${v._id}`)).toHaveLength(1);
    expect(await bucketKeys('avatars')).toEqual([]);
  });
});

describe('photos behind a CDN (S3_PUBLIC_URL)', () => {
  let s3: TestS3Server;
  let ctx: TestContext;
  const cdn = 'https://cdn.example.com/photos';
  beforeAll(async () => {
    s3 = await startS3Server('cdn-photos');
    ctx = await createTestApp({ storage: s3.storage({ publicUrl: cdn }), config: { ...s3.config, S3_PUBLIC_URL: cdn } });
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  it('gives the CDN’s addresses for photos and lets pages load images from it', async () => {
    const owner = await createUser(ctx);
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: await pngImage() }]);
    expect(v.images[0]!.url).toMatch(new RegExp(`^${cdn}/vehicles/${v._id}/[^/]+-32\\.webp$`));
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${v._id}`, headers: owner.auth });
    expect(detail.json().data.images[0].url).toBe(v.images[0]!.url);
    expect(detail.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://cdn.example.com");
    // The API still serves the same file itself, for clients holding an older /uploads address.
    const key = v.images[0]!.url.slice(cdn.length + 1);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(200);
  });
});
