import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { FileStorage } from '../../infra/storage';
import { createUser, createVehicle } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { moveLegacyAvatars } from './legacy-avatars';

/** Issue 23, item 19: a public seller's avatar URL named their account; old avatars move to keys that do not. */
describe('moving avatars off keys that name the account', () => {
  const ctx = useTestApp();
  const keyOf = async (id: string) => (await ctx.database.db.select({ key: users.avatarKey }).from(users).where(eq(users.id, id)))[0]!.key;
  const picture = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } }).webp().toBuffer();

  /** A seller with a public listing and an avatar stored under the old layout, avatars/<id>/<random>.webp. */
  async function legacySeller() {
    const seller = await createUser(ctx);
    const oldKey = `avatars/${seller.id}/AbCdEfGhIjKlMnOp.webp`;
    const data = await picture();
    await ctx.app.deps.storage.put(oldKey, data);
    await ctx.database.db.update(users).set({ avatarKey: oldKey }).where(eq(users.id, seller.id));
    const vehicle = await createVehicle(ctx, { ownerId: seller.id });
    return { seller, oldKey, data, vehicle };
  }

  it('copies each old avatar to a new key, points the row at it, removes the old file; the seller card no longer names the account', async () => {
    const { seller, oldKey, data, vehicle } = await legacySeller();
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}` })).json().data.owner.avatar as string;
    expect(before).toContain(seller.id);

    const result = await moveLegacyAvatars(ctx.database.db, ctx.app.deps.storage);
    expect(result).toEqual({ moved: 1, missing: 0, superseded: 0, failed: 0 });
    const newKey = (await keyOf(seller.id))!;
    expect(newKey).toMatch(/^avatars\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(await ctx.app.deps.storage.exists(oldKey)).toBe(false);

    const avatar = (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}` })).json().data.owner.avatar as string;
    expect(avatar).toBe(`/uploads/${newKey}`);
    expect(avatar).not.toContain(seller.id);
    const served = await ctx.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(data);

    // Once moved, nothing is left to do.
    expect(await moveLegacyAvatars(ctx.database.db, ctx.app.deps.storage)).toEqual({ moved: 0, missing: 0, superseded: 0, failed: 0 });
  });

  it('leaves a row whose old file is gone as it is, and counts it', async () => {
    const seller = await createUser(ctx);
    const oldKey = `avatars/${seller.id}/QrStUvWxYz012345.webp`;
    await ctx.database.db.update(users).set({ avatarKey: oldKey }).where(eq(users.id, seller.id));
    expect(await moveLegacyAvatars(ctx.database.db, ctx.app.deps.storage)).toEqual({ moved: 0, missing: 1, superseded: 0, failed: 0 });
    expect(await keyOf(seller.id)).toBe(oldKey);
    await ctx.database.db.update(users).set({ avatarKey: null }).where(eq(users.id, seller.id));
  });

  it('keeps a picture the user changed meanwhile, and removes its own copy', async () => {
    const { seller, oldKey } = await legacySeller();
    const theirs = 'avatars/ChosenMeanwhile0123456789.webp';
    const storage = ctx.app.deps.storage;
    // The user's new picture lands between the copy and the switch of the row.
    const racing: FileStorage = {
      ...storage,
      async put(key, data) {
        await storage.put(key, data);
        await ctx.database.db.update(users).set({ avatarKey: theirs }).where(eq(users.id, seller.id));
      },
    };
    const avatarsBefore = await storage.list('avatars');
    expect(await moveLegacyAvatars(ctx.database.db, racing)).toEqual({ moved: 0, missing: 0, superseded: 1, failed: 0 });
    expect(await keyOf(seller.id)).toBe(theirs);
    expect(await storage.list('avatars')).toEqual(avatarsBefore);
    expect(await storage.exists(oldKey)).toBe(true);
  });
});
