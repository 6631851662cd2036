import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vehicleImages, vehicles } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { createUser, type TestUser, vehicleFields } from '../../test/factories';
import { createVehicleViaApi, patchVehicle, postVehicle, storedFiles } from '../../test/requests';
import { jpegImage, pixelBomb, pngImage } from '../../test/images';
import { type FilePart } from '../../test/multipart';

let owner: TestUser;
let bomb: Buffer;

const ctx = useTestApp();
beforeAll(async () => {
  owner = await createUser(ctx);
  bomb = pixelBomb(20000, 20000, 64);
});

async function rowCounts() {
  const [v] = await ctx.database.db.select({ n: count() }).from(vehicles);
  const [i] = await ctx.database.db.select({ n: count() }).from(vehicleImages);
  return { vehicles: v!.n, images: i!.n };
}

describe('photo uploads: refusals leave nothing behind', () => {
  let before: { vehicles: number; images: number };
  let filesBefore: string[];
  beforeEach(async () => {
    before = await rowCounts();
    filesBefore = await storedFiles(ctx);
  });

  async function expectRefused(files: FilePart[], status: number, message: string | RegExp) {
    const res = await postVehicle(ctx, owner, vehicleFields(), files);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await rowCounts()).toEqual(before);
    expect(await storedFiles(ctx)).toEqual(filesBefore);
    return res;
  }

  it('refuses a text file renamed .jpg with 415, even after a good photo', async () => {
    await expectRefused(
      [
        { data: await pngImage() },
        { data: Buffer.from('just some text, not a photo at all'), filename: 'car.jpg', contentType: 'image/jpeg' },
      ],
      415,
      'Only PNG or JPEG images are accepted',
    );
  });

  it('refuses an SVG with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expectRefused(
      [{ data: svg, filename: 'car.svg', contentType: 'image/svg+xml' }],
      415,
      'Only PNG or JPEG images are accepted',
    );
  });

  it('refuses a truncated JPEG with 415', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#884422' } })
      .composite([
        { input: Buffer.from('<svg width="200" height="200"><circle cx="100" cy="100" r="80" fill="#22aa88"/></svg>') },
      ])
      .jpeg()
      .toBuffer();
    await expectRefused([{ data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }], 415, 'This photo could not be read');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await jpegImage(), Buffer.alloc(11 * 1024 * 1024, 1)]);
    await expectRefused([{ data: big }], 413, 'Each photo must be at most 10 MB');
  });

  it('refuses 21 photos with 422 on images', async () => {
    const photo = await pngImage(8, 8);
    const res = await expectRefused(
      Array.from({ length: 21 }, () => ({ data: photo })),
      422,
      'A listing can have at most 20 photos',
    );
    expect(res.json().errors.images).toBe('A listing can have at most 20 photos');
  });

  it('refuses a decompression bomb (a small PNG claiming 400 MP) with 422 on images', async () => {
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20000, height: 20000 });
    const res = await expectRefused(
      [{ data: bomb, filename: 'bomb.png', contentType: 'image/png' }],
      422,
      'at most 24 megapixels',
    );
    expect(res.json().errors.images).toBe('Each photo must be at most 24 megapixels');
  });

  it('refuses a new photo on update beyond 20 in total, counting kept ones', async () => {
    const photo = await pngImage(8, 8);
    const v = await createVehicleViaApi(
      ctx,
      owner,
      {},
      Array.from({ length: 20 }, () => ({ data: photo })),
    );
    expect(v.images).toHaveLength(20);
    filesBefore = await storedFiles(ctx);
    const res = await patchVehicle(ctx, owner, v._id, {}, [{ data: photo }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.images).toBe('A listing can have at most 20 photos');
    expect(await storedFiles(ctx)).toEqual(filesBefore);
    // Dropping one kept photo makes room for the new one.
    const kept = v.images.slice(1).map((image, i) => [`existingImages[${i}][key]`, image.key] as const);
    const ok = await patchVehicle(ctx, owner, v._id, Object.fromEntries(kept), [{ data: photo }]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.images).toHaveLength(20);
  });

  it('removes new files when an update fails after they were written', async () => {
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: await pngImage() }]);
    filesBefore = await storedFiles(ctx);
    // A kept key that is not this listing's fails inside the transaction, after the new photo was stored.
    const res = await patchVehicle(ctx, owner, v._id, { 'existingImages[0][key]': 'deadbeef' }, [{ data: await pngImage() }]);
    expect(res.statusCode).toBe(422);
    expect(await storedFiles(ctx)).toEqual(filesBefore);
  });
});

describe('photo processing', () => {
  it('strips EXIF and GPS metadata and stores WebP at 320, 640 and the largest width', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#556677' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SpyCam', Model: 'Tracker 1', Copyright: 'Secret Owner' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 26/1 4614/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '79/1 58/1 5564/100',
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: jpeg }]);
    const image = v.images[0]!;
    expect(image).toMatchObject({ width: 1280, height: 720 });
    expect(image.sizes.map((s) => s.width)).toEqual([320, 640, 1280]);
    expect(image.url).toBe(image.sizes[2]!.url);
    for (const size of image.sizes) {
      const res = await ctx.app.inject({ method: 'GET', url: size.url });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(size.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(res.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
    }
  });

  it('applies the EXIF orientation before storing', async () => {
    // 40 x 20 pixels tagged "rotate 90": upright it is 20 x 40.
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: jpeg }]);
    expect(v.images[0]).toMatchObject({ width: 20, height: 40 });
    const file = await ctx.app.inject({ method: 'GET', url: v.images[0]!.url });
    const stored = await sharp(file.rawPayload).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([20, 40, undefined]);
  });

  it('never upscales: a 700 px photo is stored at 320, 640 and 700', async () => {
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: await pngImage(700, 350) }]);
    expect(v.images[0]!.sizes.map((s) => s.width)).toEqual([320, 640, 700]);
    const files = (await storedFiles(ctx)).filter((f) => f.startsWith(`vehicles/${v._id}/`)).sort();
    expect(files).toEqual([320, 640, 700].map((w) => `vehicles/${v._id}/${v.images[0]!.key}-${w}.webp`).sort());
  });
});
