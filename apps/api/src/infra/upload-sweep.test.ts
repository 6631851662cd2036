import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestApp } from '../test/harness';
import { sweepOrphanUploads } from './upload-sweep';
import { createUser, fullVehicleFields } from '../test/factories';
import { multipart } from '../test/multipart';

describe('sweepOrphanUploads', () => {
  const ctx = useTestApp();

  it('removes old files no row refers to, keeps listed photos and young files', async () => {
    const user = await createUser(ctx);
    const photo = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    const form = multipart(fullVehicleFields(), [{ name: 'images', filename: 'a.jpg', contentType: 'image/jpeg', data: photo }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: { ...user.auth, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(201);
    const storage = ctx.app.deps.storage;
    const kept = await storage.list('vehicles');
    expect(kept.length).toBe(3);

    const orphan = 'vehicles/00000000-0000-4000-8000-000000000000/deadbeef-320.webp';
    const tmp = `${kept[0]}.999.tmp`;
    const young = 'vehicles/00000000-0000-4000-8000-000000000001/cafe-320.webp';
    const avatar = 'avatars/someone/old.webp';
    for (const key of [orphan, tmp, young, avatar]) await storage.put(key, Buffer.from('x'));
    const old = new Date(Date.now() - 10 * 60_000);
    for (const key of [orphan, tmp, avatar, ...kept]) await utimes(path.join(storage.localRoot!, key), old, old);

    const result = await sweepOrphanUploads(ctx.database.db, storage);
    expect(result.removed.sort()).toEqual([avatar, orphan, tmp].sort());
    const left = [...(await storage.list('vehicles')), ...(await storage.list('avatars'))].sort();
    expect(left).toEqual([...kept, young].sort());
  });
});
