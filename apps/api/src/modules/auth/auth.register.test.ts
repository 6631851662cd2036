import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, signInEvents, users } from '../../db/schema';
import { hashToken } from '../../infra/tokens';
import { createTestApp, type TestContext } from '../../test/harness';
import { createUser, registrationFields } from '../../test/factories';
import { jpegWithExif, oversizedPng, pngImage } from '../../test/images';
import { refreshCookieOf, register } from '../../test/sessions';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const storedAvatars = () => ctx.app.deps.storage.list('avatars');

describe('POST /api/auth/register', () => {
  it('creates a customer, signs them in and sets the refresh cookie', async () => {
    const fields = registrationFields();
    const res = await register(ctx, { ...fields, role: 'ADMIN' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe('SUCCESS');
    expect(body.tokens.accessToken).toEqual(expect.any(String));
    expect(body.data).toMatchObject({
      username: fields.username,
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      address: fields.address,
      avatar: null,
      role: 'USER',
      status: 'active',
    });
    expect(body.data._id.length).toBeGreaterThanOrEqual(17);
    expect(JSON.stringify(body)).not.toMatch(/password/i);

    const cookie = res.cookies.find((c) => c.name === 'refreshToken')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie.secure).toBeFalsy();
    const [stored] = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(cookie.value)));
    expect(stored?.userId).toBe(body.data._id);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body.data._id));
    expect(row!.role).toBe('USER');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${body.tokens.accessToken}` },
    });
    expect(profile.json().data.username).toBe(fields.username);

    const events = await ctx.database.db.select().from(signInEvents).where(eq(signInEvents.userId, body.data._id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ success: true });
  });

  it('marks the refresh cookie Secure behind a trusted proxy that says https, and believes no one else', async () => {
    const { multipart } = await import('../../test/multipart');
    const behindProxy = await createTestApp({ database: ctx.database, config: { TRUST_PROXY: ['127.0.0.1'] } });
    try {
      for (const [app, secure] of [[behindProxy.app, true], [ctx.app, undefined]] as const) {
        const form = multipart(registrationFields());
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: form.payload,
          headers: { ...form.headers, 'x-forwarded-proto': 'https' },
        });
        expect(res.statusCode).toBe(201);
        expect(res.cookies.find((c) => c.name === 'refreshToken')?.secure).toBe(secure);
      }
    } finally {
      await behindProxy.close();
    }
  });

  it.each([
    ['username', '', 'Username is required'],
    ['username', '   ', 'Username is required'],
    ['username', 'john..doe', 'Username must not contain consecutive dots.'],
    ['username', 'john.', 'Username must not end with a dot.'],
    ['username', 'a'.repeat(31), 'Username must be at most 30 characters long.'],
    ['username', 'john-doe', 'Username can only contain letters, numbers, underscores, and dots.'],
    ['username', '_john', 'Username must start with a letter or number.'],
    ['name', '  ', 'Name is required'],
    ['phone', '', 'Phone is required'],
    ['address', ' ', 'Address is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['password', 'short', 'Password must be at least 8 characters.'],
    ['confirmPassword', 'Different123!', "Passwords don't match"],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const res = await register(ctx, registrationFields({ [field]: value }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 422, errors: { [field]: message } });
  });

  it('names every failing field at once (confirmPassword may be left out, as the spec\'s client does)', async () => {
    const res = await register(ctx, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: 'Username is required',
      name: 'Name is required',
      phone: 'Phone is required',
      email: 'Email is required',
      address: 'Address is required',
      password: 'Password must be at least 8 characters.',
    });
  });

  it('trims the username and e-mail', async () => {
    const fields = registrationFields();
    const res = await register(ctx, { ...fields, username: `  ${fields.username} `, email: ` ${fields.email}  ` });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ username: fields.username, email: fields.email });
  });

  it('refuses a username or e-mail already used, whatever the case', async () => {
    const existing = await createUser(ctx);
    const byName = await register(ctx, registrationFields({ username: existing.username.toUpperCase() }));
    expect(byName.statusCode).toBe(409);
    expect(byName.json().errors).toEqual({ username: 'Username is already taken' });

    const byEmail = await register(ctx, registrationFields({ email: existing.email.toUpperCase() }));
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().errors).toEqual({ email: 'Email is already registered' });

    const both = await register(ctx, registrationFields({ username: existing.username, email: existing.email }));
    expect(both.statusCode).toBe(409);
    expect(both.json().errors).toEqual({ username: 'Username is already taken', email: 'Email is already registered' });
  });

  it('stores the picture as a 256 px WebP without metadata', async () => {
    const res = await register(ctx, registrationFields(), [{ name: 'avatar', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpegWithExif() }]);
    expect(res.statusCode).toBe(201);
    const { _id, avatar } = res.json().data;
    // The URL is public (seller cards): it must not name the account.
    expect(avatar).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(avatar).not.toContain(_id);
    const key = avatar.replace('/uploads/', '');
    expect(await ctx.app.deps.storage.exists(key)).toBe(true);
    const file = await import('node:fs/promises').then((fs) => fs.readFile(`${ctx.app.deps.storage.localRoot}/${key}`));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
  });

  it('accepts the picture under the field name "file" too', async () => {
    const res = await register(ctx, registrationFields(), [{ name: 'file', filename: 'me.png', contentType: 'image/png', data: await pngImage() }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.avatar).toMatch(/\.webp$/);
  });

  it('refuses a picture over 5 MB with 413 and keeps nothing', async () => {
    const before = await storedAvatars();
    const fields = registrationFields();
    const res = await register(ctx, fields, [{ name: 'avatar', filename: 'big.png', contentType: 'image/png', data: oversizedPng() }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 413 });
    expect(await storedAvatars()).toEqual(before);
    expect(await ctx.database.db.select().from(users).where(eq(users.username, fields.username!))).toHaveLength(0);
  });

  it('refuses a file that is not a PNG or JPEG (whatever its name says) with 415 and keeps nothing', async () => {
    const before = await storedAvatars();
    const fields = registrationFields();
    const res = await register(ctx, fields, [
      { name: 'avatar', filename: 'me.png', contentType: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await storedAvatars()).toEqual(before);
    expect(await ctx.database.db.select().from(users).where(eq(users.username, fields.username!))).toHaveLength(0);
  });

  it('refuses a corrupt image with 415', async () => {
    const data = Buffer.concat([(await pngImage()).subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await register(ctx, registrationFields(), [{ name: 'avatar', filename: 'broken.png', contentType: 'image/png', data }]);
    expect(res.statusCode).toBe(415);
  });

  it('removes the stored picture when the account cannot be created', async () => {
    const existing = await createUser(ctx);
    const before = await storedAvatars();
    const res = await register(ctx, registrationFields({ email: existing.email }), [
      { name: 'avatar', filename: 'me.png', contentType: 'image/png', data: await pngImage() },
    ]);
    expect(res.statusCode).toBe(409);
    expect(await storedAvatars()).toEqual(before);
  });

  it('works with no token and a valid one, and refuses a bad token', async () => {
    const user = await createUser(ctx);
    expect((await register(ctx)).statusCode).toBe(201);
    const { multipart } = await import('../../test/multipart');
    const withValid = multipart(registrationFields());
    const valid = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: withValid.payload, headers: { ...withValid.headers, ...user.auth } });
    expect(valid.statusCode).toBe(201);
    const withBad = multipart(registrationFields());
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: withBad.payload, headers: { ...withBad.headers, authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(refreshCookieOf(bad)).toBeUndefined();
  });
});
