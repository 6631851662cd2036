import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { fixedClock } from './clock';
import { s3Storage } from './s3-storage';
import { signedUploadUrl, withSignedPrivateUrls } from './signed-uploads';
import { createTokenSigner } from './tokens';

/**
 * Issue 26: photos of check-ins, inspections and trade-ins belong to one customer and the staff, so
 * /uploads serves them only through a signed link that expires; listing photos stay public.
 */

const JOB = '0b6f8f5e-2f43-4c1e-9d7a-3c9e2b1a4d5f';
const OTHER_JOB = '1b6f8f5e-2f43-4c1e-9d7a-3c9e2b1a4d5f';
const PHOTO = `${'a'.repeat(24)}-320.webp`;
const tokens = createTokenSigner('test-secret-test-secret-test-secret-0123456789');

describe('signed upload links', () => {
  it('expire at the next whole hour after an hour from now, so a photo keeps one link for the hour', () => {
    const at = (iso: string) => new URL(signedUploadUrl(tokens, new Date(iso), `check-ins/${JOB}/${PHOTO}`), 'http://x').searchParams.get('exp');
    const twoOClock = String(Date.parse('2026-06-01T13:00:00Z') / 1000);
    expect(at('2026-06-01T11:00:01Z')).toBe(twoOClock);
    expect(at('2026-06-01T11:59:59Z')).toBe(twoOClock);
    expect(at('2026-06-01T12:00:00Z')).toBe(twoOClock);
    expect(at('2026-06-01T12:00:01Z')).not.toBe(twoOClock);
  });

  it('go through this server even when a CDN serves the bucket', () => {
    const bucket = s3Storage({ bucket: 'photos', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: false, publicUrl: 'https://cdn.example.com' });
    const storage = withSignedPrivateUrls(bucket, tokens, fixedClock('2026-06-01T11:00:00Z'));
    expect(storage.url(`vehicles/${JOB}/${PHOTO}`)).toBe(`https://cdn.example.com/vehicles/${JOB}/${PHOTO}`);
    for (const folder of ['check-ins', 'inspections', 'trade-ins']) {
      expect(storage.url(`${folder}/${JOB}/${PHOTO}`)).toMatch(new RegExp(`^/uploads/${folder}/${JOB}/${PHOTO}\\?exp=\\d+&sig=[\\w-]+$`));
    }
    bucket.close();
  });
});

describe('/uploads and private photos', () => {
  const clock = fixedClock('2026-06-01T11:20:00Z');
  const ctx = useTestApp({ clock });
  const privateKey = `check-ins/${JOB}/${PHOTO}`;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345678' } }).webp().toBuffer();
    for (const key of [privateKey, `check-ins/${OTHER_JOB}/${PHOTO}`, `vehicles/${JOB}/${PHOTO}`]) await ctx.app.deps.storage.put(key, webp);
  });

  it('serves a private photo by its signed link, for the browser alone until the link expires', async () => {
    clock.set('2026-06-01T11:20:00Z');
    const url = ctx.app.deps.storage.url(privateKey);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    // Valid until 13:00, 100 minutes on.
    expect(res.headers['cache-control']).toBe('private, max-age=6000');
  });

  it('refuses a private photo without a signature, with a wrong one or with one for another photo', async () => {
    clock.set('2026-06-01T11:20:00Z');
    const signed = new URL(ctx.app.deps.storage.url(privateKey), 'http://x');
    const exp = signed.searchParams.get('exp')!;
    const sig = signed.searchParams.get('sig')!;
    const otherSig = new URL(ctx.app.deps.storage.url(`check-ins/${OTHER_JOB}/${PHOTO}`), 'http://x').searchParams.get('sig')!;
    const refused = [
      `/uploads/${privateKey}`,
      `/uploads/${privateKey}?exp=${exp}`,
      `/uploads/${privateKey}?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
      `/uploads/${privateKey}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/uploads/${privateKey}?exp=${exp}&sig=${otherSig}`,
      `/uploads/${privateKey}?exp=${exp}&sig=${sig}&sig=${sig}`,
    ];
    for (const url of refused) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toBe('image/webp');
    }
  });

  it('refuses a link once it has expired', async () => {
    clock.set('2026-06-01T11:20:00Z');
    const url = ctx.app.deps.storage.url(privateKey);
    clock.set('2026-06-01T12:59:59Z');
    expect((await get(url)).statusCode).toBe(200);
    clock.set('2026-06-01T13:00:00Z');
    expect((await get(url)).statusCode).toBe(404);
  });

  it('serves a listing photo unsigned, cached for good, as before', async () => {
    const url = ctx.app.deps.storage.url(`vehicles/${JOB}/${PHOTO}`);
    expect(url).toBe(`/uploads/vehicles/${JOB}/${PHOTO}`);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
