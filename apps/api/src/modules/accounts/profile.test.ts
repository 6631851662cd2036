import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { createUser, type TestUser } from '../../test/factories';
import { login, refreshCookieOf } from '../../test/sessions';
import { multipart } from '../../test/multipart';
import { oversizedPng, pngImage } from '../../test/images';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Files = Parameters<typeof multipart>[1];
const patch = (user: { auth: Record<string, string> } | null, fields: Record<string, string>, files: Files = []) => {
  const form = multipart(fields, files);
  return ctx.app.inject({
    method: 'PATCH',
    url: '/api/users/profile',
    payload: form.payload,
    headers: { ...form.headers, ...(user?.auth ?? {}) },
  });
};
const refresh = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refreshToken: cookie } });
const picture = async (name = 'file') => [{ name, filename: 'me.png', contentType: 'image/png', data: await pngImage(300, 200) }];
const rowOf = async (user: TestUser) => (await ctx.database.db.select().from(users).where(eq(users.id, user.id)))[0]!;

describe('GET /api/users/profile', () => {
  it('returns the signed-in user without secrets', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('SUCCESS');
    expect(body.data).toMatchObject({ _id: user.id, username: user.username, email: user.email, role: 'USER', status: 'active', avatar: null });
    expect(Object.keys(body.data).sort()).toEqual(
      ['_id', 'address', 'avatar', 'createdAt', 'email', 'name', 'phone', 'role', 'status', 'updatedAt', 'username'].sort(),
    );
  });

  it('needs a valid token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 'ERROR', statusCode: 401 });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('PATCH /api/users/profile', () => {
  it('updates name, phone and address when the old password is right', async () => {
    const user = await createUser(ctx);
    const res = await patch(user, { name: 'New Name', phone: '+1 555 0199 000', address: '9 New Road', oldPassword: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'New Name', phone: '+1 555 0199 000', address: '9 New Road', username: user.username });
    expect(res.json().tokens).toBeUndefined();
    const row = await rowOf(user);
    expect(row).toMatchObject({ name: 'New Name', phone: '+1 555 0199 000', address: '9 New Road' });
  });

  it('keeps fields that were left out, and never changes username, e-mail or role', async () => {
    const user = await createUser(ctx, { name: 'Kept Name' });
    const res = await patch(user, { address: 'Only Address', oldPassword: user.password, username: 'hacker', email: 'x@example.com', role: 'ADMIN' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Kept Name', address: 'Only Address', username: user.username, email: user.email, role: 'USER' });
  });

  it('accepts a JSON body too', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/users/profile', headers: user.auth, payload: { name: 'Json Name', oldPassword: user.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Json Name');
  });

  it.each([
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ phone: '' }, 'phone', 'Phone is required'],
    [{ address: ' ' }, 'address', 'Address is required'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters.'],
    [{ password: 'NewPassword1!', confirmPassword: 'Other-Password1!' }, 'confirmPassword', 'Passwords must match'],
    [{ password: 'NewPassword1!', confirmPassword: '' }, 'confirmPassword', 'Passwords must match'],
  ])('refuses %j with "%s: %s"', async (fields, field, message) => {
    const user = await createUser(ctx);
    const res = await patch(user, { ...fields, oldPassword: user.password });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ [field]: message });
  });

  it('requires the old password', async () => {
    const user = await createUser(ctx);
    const res = await patch(user, { name: 'Someone' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ oldPassword: 'Old password is required' });
  });

  it('refuses a new password equal to the old one', async () => {
    const user = await createUser(ctx);
    const res = await patch(user, { password: user.password, confirmPassword: user.password, oldPassword: user.password });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: 'New password must not be the same as old password' });
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const user = await createUser(ctx, { name: 'Unchanged' });
    const storedBefore = await ctx.app.deps.storage.list('avatars');
    const res = await patch(user, { name: 'Changed', oldPassword: 'Wrong-password-9' }, await picture());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ oldPassword: 'Old password is incorrect' });
    const row = await rowOf(user);
    expect(row.name).toBe('Unchanged');
    expect(row.avatarKey).toBeNull();
    expect(await ctx.app.deps.storage.list('avatars')).toEqual(storedBefore);
  });

  it('changes the password, ends the other sessions and keeps the one whose access token sent the change', async () => {
    const user = await createUser(ctx);
    const signedIn = await login(ctx, user.username, user.password);
    const here = { auth: { authorization: `Bearer ${signedIn.json().tokens.accessToken}` }, cookie: refreshCookieOf(signedIn)! };
    const elsewhere = await login(ctx, user.email, user.password);
    // As from a browser: the refresh cookie lives on /api/auth and never comes with this call.
    const res = await patch(here, { password: 'Brand-new-pass1', confirmPassword: 'Brand-new-pass1', oldPassword: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().tokens).toBeUndefined();
    expect(refreshCookieOf(res)).toBeUndefined();

    const profileWith = (auth: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth });
    expect((await profileWith(here.auth)).statusCode).toBe(200);
    expect((await refresh(here.cookie)).statusCode).toBe(200);
    expect((await profileWith({ authorization: `Bearer ${elsewhere.json().tokens.accessToken}` })).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(elsewhere)!)).statusCode).toBe(401);
    // The test account's own first session is another device too.
    expect((await profileWith(user.auth)).statusCode).toBe(401);

    expect((await login(ctx, user.username, user.password)).statusCode).toBe(401);
    expect((await login(ctx, user.username, 'Brand-new-pass1')).statusCode).toBe(200);
    expect((await rowOf(user)).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('replaces the picture: the new one at once, the old file removed', async () => {
    const user = await createUser(ctx);
    const first = await patch(user, { oldPassword: user.password }, await picture('file'));
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().data.avatar;
    expect(firstUrl).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(firstUrl).not.toContain(user.id);
    const second = await patch(user, { oldPassword: user.password }, await picture('avatar'));
    const secondUrl: string = second.json().data.avatar;
    expect(secondUrl).not.toBe(firstUrl);
    const storage = ctx.app.deps.storage;
    expect(await storage.exists(firstUrl.replace('/uploads/', ''))).toBe(false);
    expect(await storage.exists(secondUrl.replace('/uploads/', ''))).toBe(true);
    const served = await ctx.app.inject({ method: 'GET', url: secondUrl });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('refuses a picture over 5 MB (413) or not an image (415) and keeps the old one', async () => {
    const user = await createUser(ctx);
    const first = await patch(user, { oldPassword: user.password }, await picture());
    const key = first.json().data.avatar.replace('/uploads/', '');
    const storedBefore = await ctx.app.deps.storage.list('avatars');

    const big = await patch(user, { name: 'Big', oldPassword: user.password }, [{ name: 'file', filename: 'big.png', contentType: 'image/png', data: oversizedPng() }]);
    expect(big.statusCode).toBe(413);
    const text = await patch(user, { name: 'Text', oldPassword: user.password }, [
      { name: 'file', filename: 'notes.jpg', contentType: 'image/jpeg', data: Buffer.from('just some text, not a picture') },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ status: 'ERROR', statusCode: 415 });

    const row = await rowOf(user);
    expect(row.avatarKey).toBe(key);
    expect(row.name).not.toBe('Big');
    expect(await ctx.app.deps.storage.list('avatars')).toEqual(storedBefore);
    expect(storedBefore).toContain(key);
  });

  it('needs a valid token', async () => {
    expect((await patch(null, { name: 'x', oldPassword: 'whatever1' })).statusCode).toBe(401);
    expect((await patch({ auth: { authorization: 'Bearer nope' } }, { name: 'x', oldPassword: 'whatever1' })).statusCode).toBe(401);
  });

  it('is refused to a suspended account', async () => {
    const user = await createUser(ctx, { status: 'suspended' });
    expect((await patch(user, { name: 'x', oldPassword: user.password })).statusCode).toBe(403);
  });
});

describe('old password attempts', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ config: { LOGIN_RATE_LIMIT: 3 } });
  });
  afterAll(() => limited.close());

  const patchOn = (user: TestUser, fields: Record<string, string>) => {
    const form = multipart(fields);
    return limited.app.inject({ method: 'PATCH', url: '/api/users/profile', payload: form.payload, headers: { ...form.headers, ...user.auth } });
  };

  it('stops guessing after the limit, even with the right password, and changes nothing', async () => {
    const user = await createUser(limited, { name: 'Kept' });
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => patchOn(user, { name: 'Taken', oldPassword: `Guess-number-${i}` })));
    expect(guesses.filter((r) => r.statusCode === 422)).toHaveLength(3);
    const refused = guesses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().message).toBe('Too many wrong passwords. Please try again in 15 minutes.');
    expect(refused[0]!.headers['retry-after']).toBe('900');
    const right = await patchOn(user, { name: 'Taken', oldPassword: user.password });
    expect(right.statusCode).toBe(429);
    expect((await limited.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.name).toBe('Kept');
  });

  it('forgets the wrong guesses once the right password is given', async () => {
    const user = await createUser(limited);
    for (let i = 0; i < 2; i += 1) expect((await patchOn(user, { oldPassword: `Guess-number-${i}` })).statusCode).toBe(422);
    expect((await patchOn(user, { name: 'Right', oldPassword: user.password })).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await patchOn(user, { oldPassword: `Guess-number-${i}` })).statusCode).toBe(422);
    expect((await patchOn(user, { name: 'Right again', oldPassword: user.password })).statusCode).toBe(200);
  });
});
