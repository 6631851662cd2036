import { mkdir, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanUploads } from '../infra/upload-sweep';
import { useTestApp } from '../test/harness';

/**
 * What lies in DATA_DIR/uploads at run time (issue 23, items 7 and 8): links that point outside it
 * (which an older restore copied in) are never read, served or deleted through, no file is written
 * through them, and /uploads serves only the image keys the application writes, as images.
 */

const VEHICLE = '0b6f8f5e-2f43-4c1e-9d7a-3c9e2b1a4d5f';
const photoKey = (vehicle: string, n: number) => `vehicles/${vehicle}/${String(n).padStart(24, '0')}-320.webp`;

describe('the uploads folder keeps to itself', () => {
  const ctx = useTestApp();
  const uploads = () => path.join(ctx.dataDir, 'uploads');
  const outside = () => path.join(ctx.dataDir, 'outside');
  const secret = '{"jwtSecret":"never-served"}';
  let webp: Buffer;

  beforeAll(async () => {
    webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345678' } }).webp().toBuffer();
    await mkdir(outside(), { recursive: true });
    // secrets.json beside uploads/, as in DATA_DIR.
    await writeFile(path.join(ctx.dataDir, 'secrets.json'), secret);
  });

  it('does not serve or read a file through a link, even under a photo key', async () => {
    const key = photoKey(VEHICLE, 1);
    await mkdir(path.dirname(path.join(uploads(), key)), { recursive: true });
    await symlink(path.join(ctx.dataDir, 'secrets.json'), path.join(uploads(), key));
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('never-served');
    expect(await ctx.app.deps.storage.read(key)).toBeNull();
    expect(await ctx.app.deps.storage.exists(key)).toBe(false);
  });

  it('neither lists nor deletes files of a linked folder (the sweep leaves them)', async () => {
    const linked = '1b6f8f5e-2f43-4c1e-9d7a-3c9e2b1a4d5f';
    const target = path.join(outside(), 'photos');
    await mkdir(target, { recursive: true });
    const victim = path.join(target, `${'0'.repeat(24)}-320.webp`);
    await writeFile(victim, 'a file of the host');
    const old = new Date(Date.now() - 3_600_000);
    await utimes(victim, old, old);
    await mkdir(path.join(uploads(), 'vehicles'), { recursive: true });
    await symlink(target, path.join(uploads(), 'vehicles', linked));

    expect(await ctx.app.deps.storage.list(`vehicles/${linked}`)).toEqual([]);
    await sweepOrphanUploads(ctx.database.db, ctx.app.deps.storage, { minAgeMs: 0 });
    await ctx.app.deps.storage.remove(`vehicles/${linked}/${'0'.repeat(24)}-320.webp`);
    expect(await readFile(victim, 'utf8')).toBe('a file of the host');
  });

  it('writes no file through a linked folder', async () => {
    const target = path.join(outside(), 'avatars');
    await mkdir(target, { recursive: true });
    await symlink(target, path.join(uploads(), 'avatars'));
    await expect(ctx.app.deps.storage.put('avatars/abcdefghijklmnopqrstuv.webp', webp)).rejects.toThrow(/leads outside/);
    // Nor a folder: the one the file would go in is not made through the link either.
    await expect(ctx.app.deps.storage.put(`avatars/${VEHICLE}/abcdefghijklmnop.webp`, webp)).rejects.toThrow(/leads outside/);
    expect(await readdir(target)).toEqual([]);
  });

  it('serves only image keys of the layout, as images', async () => {
    const key = photoKey(VEHICLE, 2);
    await ctx.app.deps.storage.put(key, webp);
    const stray = {
      'page.html': '<script>fetch("/api/auth/refresh",{method:"POST"})</script>',
      'app.js': 'fetch("/api/auth/refresh",{method:"POST"})',
      [`vehicles/${VEHICLE}/page.html`]: '<p>page</p>',
      [`vehicles/${VEHICLE}/x.svg`]: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      [`vehicles/${VEHICLE}/notes.webp.html`]: '<p>page</p>',
    };
    for (const [name, content] of Object.entries(stray)) {
      await mkdir(path.dirname(path.join(uploads(), name)), { recursive: true });
      await writeFile(path.join(uploads(), name), content);
      const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.headers['content-type'], name).toMatch(/^application\/json/);
    }
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload).toEqual(webp);
    // A browser's revalidation costs no body.
    const again = await ctx.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
