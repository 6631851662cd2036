// The upload attack corpus against vehicle photos (create and update) and avatars (register and
// profile): every file is refused with a 4xx and nothing is stored (no file, no row). Then the
// resource attacks: oversized and overfull multipart bodies, pixel counts, a full image queue and an
// account's hourly photo budget.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, vehicles } from '../db/schema';
import { imagePool } from '../infra/image-pool';
import { createTestApp, type TestContext } from '../test/harness';
import { checksumTables } from './table-checksum';
import { createAdmin, createUser, fullVehicleFields, type TestUser } from '../test/factories';
import { pixelBomb } from '../test/images';
import { type FilePart, multipart } from '../test/multipart';

const JFIF_HEADER = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
]);
const HTML = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/users/profile").then(r=>r.text()).then(alert)</script></body></html>',
);

async function corpus(): Promise<{ name: string; file: Omit<FilePart, 'name'> }[]> {
  const realJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(2048, 0x90)]);
  const pe = Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58, 0),
    Buffer.from([0x80, 0, 0, 0]),
    Buffer.alloc(64, 0),
    Buffer.from('PE\0\0'),
    Buffer.alloc(1024, 0xcc),
  ]);
  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  );
  const gifJs = Buffer.from(
    'GIF89a/*\x01\x00\x01\x00\x00\xff\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x00;*/=1;alert(document.domain);//',
  );
  const eleven = Buffer.concat([JFIF_HEADER, Buffer.alloc(11 * 1024 * 1024, 0x41)]);
  return [
    { name: 'ELF executable named .jpg', file: { filename: 'photo.jpg', contentType: 'image/jpeg', data: elf } },
    { name: 'PE executable named .png', file: { filename: 'photo.png', contentType: 'image/png', data: pe } },
    { name: 'HTML named .png', file: { filename: 'page.png', contentType: 'image/png', data: HTML } },
    { name: 'SVG with script', file: { filename: 'logo.svg', contentType: 'image/svg+xml', data: svg } },
    { name: 'SVG with script named .jpg', file: { filename: 'logo.jpg', contentType: 'image/jpeg', data: svg } },
    { name: '11 MB file', file: { filename: 'big.jpg', contentType: 'image/jpeg', data: eleven } },
    {
      name: 'pixel bomb (100,000 x 100,000 PNG)',
      file: { filename: 'bomb.png', contentType: 'image/png', data: pixelBomb(100_000, 100_000) },
    },
    {
      name: 'pixel bomb (10,000 x 10,000 PNG)',
      file: { filename: 'bomb2.png', contentType: 'image/png', data: pixelBomb(10_000, 10_000) },
    },
    {
      name: 'truncated JPEG',
      file: { filename: 'cut.jpg', contentType: 'image/jpeg', data: realJpeg.subarray(0, Math.floor(realJpeg.length / 2)) },
    },
    {
      name: 'polyglot: JPEG header followed by HTML/JS',
      file: { filename: 'poly.jpg', contentType: 'image/jpeg', data: Buffer.concat([JFIF_HEADER, HTML]) },
    },
    { name: 'polyglot: GIF/JS', file: { filename: 'poly.gif', contentType: 'image/gif', data: gifJs } },
    { name: 'polyglot: GIF/JS named .jpg', file: { filename: 'poly.jpg', contentType: 'image/jpeg', data: gifJs } },
    {
      name: 'empty JPEG header only',
      file: { filename: 'empty.jpg', contentType: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff]) },
    },
  ];
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
}

describe('upload attack corpus', () => {
  let ctx: TestContext;
  let seller: TestUser;
  let listingId: string;
  let files: Awaited<ReturnType<typeof corpus>>;
  const uploads = () => path.join(ctx.dataDir, 'uploads');

  beforeAll(async () => {
    ctx = await createTestApp();
    seller = await createUser(ctx);
    files = await corpus();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: seller.auth, payload: fullVehicleFields() });
    expect(res.statusCode).toBe(201);
    listingId = res.json().data._id;
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
  });

  async function expectRefusedAndNothingStored(send: () => Promise<{ statusCode: number; body: string }>, label: string) {
    const filesBefore = await listFiles(uploads());
    const tablesBefore = await checksumTables(ctx.database.db);
    const res = await send();
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, label).toBeLessThan(500);
    expect(JSON.parse(res.body), label).toMatchObject({ status: 'ERROR', statusCode: res.statusCode });
    expect(await listFiles(uploads()), `${label}: files stored`).toEqual(filesBefore);
    expect(await checksumTables(ctx.database.db), `${label}: rows changed`).toEqual(tablesBefore);
    return res.statusCode;
  }

  it('refuses every file as a vehicle photo (create, and next to a good photo) and stores nothing', async () => {
    const good = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#aa3322' } })
      .png()
      .toBuffer();
    const codes: Record<string, number> = {};
    for (const { name, file } of files) {
      const alone = multipart(fullVehicleFields({ title: `Attack ${name}` }), [{ name: 'images', ...file }]);
      codes[name] = await expectRefusedAndNothingStored(
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/vehicles',
            headers: { ...seller.auth, ...alone.headers },
            payload: alone.payload,
          }),
        `create: ${name}`,
      );
      // A good photo first: its files must not stay behind when the bad one fails.
      const mixed = multipart(fullVehicleFields({ title: `Attack ${name}` }), [
        { name: 'images', filename: 'good.png', contentType: 'image/png', data: good },
        { name: 'images', ...file },
      ]);
      await expectRefusedAndNothingStored(
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/vehicles',
            headers: { ...seller.auth, ...mixed.headers },
            payload: mixed.payload,
          }),
        `create with a good photo first: ${name}`,
      );
    }
    expect(codes['11 MB file']).toBe(413);
    expect(codes['HTML named .png']).toBe(415);
    expect(await ctx.database.db.$count(vehicles)).toBe(1);
  }, 120_000);

  it('refuses every file as a new photo of an existing listing and leaves it unchanged', async () => {
    for (const { name, file } of files) {
      const form = multipart({ price: '999' }, [{ name: 'images', ...file }]);
      await expectRefusedAndNothingStored(
        () =>
          ctx.app.inject({
            method: 'PATCH',
            url: `/api/vehicles/${listingId}`,
            headers: { ...seller.auth, ...form.headers },
            payload: form.payload,
          }),
        `update: ${name}`,
      );
    }
  }, 120_000);

  it('refuses every file as an avatar on register (no account made) and on the profile (avatar unchanged)', async () => {
    let n = 0;
    for (const { name, file } of files) {
      n += 1;
      const fields = {
        username: `attack${n}`,
        name: 'Attack User',
        phone: '+1 555 0100 200',
        email: `attack${n}@example.com`,
        address: '1 Attack Street',
        password: 'Password123!',
        confirmPassword: 'Password123!',
      };
      const register = multipart(fields, [{ name: 'avatar', ...file }]);
      await expectRefusedAndNothingStored(
        () => ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: register.headers, payload: register.payload }),
        `register avatar: ${name}`,
      );
      const profile = multipart(
        { name: 'Seller', phone: '+1 555 0100 200', address: '1 Test Street', oldPassword: seller.password },
        [{ name: 'file', ...file }],
      );
      await expectRefusedAndNothingStored(
        () =>
          ctx.app.inject({
            method: 'PATCH',
            url: '/api/users/profile',
            headers: { ...seller.auth, ...profile.headers },
            payload: profile.payload,
          }),
        `profile avatar: ${name}`,
      );
    }
    const [row] = await ctx.database.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, seller.id));
    expect(row?.avatarKey ?? null).toBeNull();
  }, 120_000);

  it('re-encodes a real JPEG carrying an HTML tail, so no stored file carries the script', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#22aa66' } })
      .jpeg()
      .toBuffer();
    const form = multipart(fullVehicleFields({ title: 'Tail polyglot' }), [
      { name: 'images', filename: 'tail.jpg', contentType: 'image/jpeg', data: Buffer.concat([jpeg, HTML]) },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    // Accepted or refused are both safe; what must never happen is the payload being served back.
    expect(res.statusCode).toBeLessThan(500);
    const stored = await listFiles(uploads());
    for (const file of stored) {
      expect(file.endsWith('.webp'), file).toBe(true);
      const { readFile } = await import('node:fs/promises');
      expect((await readFile(file)).includes('<script')).toBe(false);
    }
  }, 60_000);
});

/** A multipart body produced lazily (the test holds no more than one chunk), with a count of what was read. */
function streamedForm(fields: Record<string, string>, files: { field: string; bytes: number }[]) {
  const boundary = '----resource-attack';
  const chunk = Buffer.concat([JFIF_HEADER, Buffer.alloc(1024 * 1024 - JFIF_HEADER.length, 0x41)]);
  const read = { bytes: 0 };
  function* pieces() {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    for (const [i, file] of files.entries()) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="f${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      for (let left = file.bytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  // One piece per turn of the event loop, as from a network: in-memory streaming would outrun the parser's answer.
  const counted = async function* () {
    for (const piece of pieces()) {
      await new Promise((resolve) => setImmediate(resolve));
      read.bytes += piece.length;
      yield piece;
    }
  };
  return {
    // No Content-Length: only the parser's limits can stop it.
    payload: Readable.from(counted(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    read,
  };
}

const MB = 1024 * 1024;
const registerFields = (tag: string) => ({
  username: tag,
  name: 'Resource Attack',
  phone: '+1 555 0100 200',
  email: `${tag}@example.com`,
  address: '1 Attack Street',
  password: 'Password123!',
  confirmPassword: 'Password123!',
});

describe('multipart and photo resource limits', () => {
  let ctx: TestContext;
  let seller: TestUser;
  let admin: TestUser;
  const uploads = () => path.join(ctx.dataDir, 'uploads');
  let photo: Buffer;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { UPLOAD_PHOTOS_PER_HOUR: 3 } });
    seller = await createUser(ctx);
    admin = await createAdmin(ctx);
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5577aa' } })
      .png()
      .toBuffer();
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
  });

  async function refusedAndNothingStored(
    send: () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>,
  ) {
    const filesBefore = await listFiles(uploads());
    const tablesBefore = await checksumTables(ctx.database.db);
    const res = await send();
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ERROR', statusCode: res.statusCode });
    expect(await listFiles(uploads())).toEqual(filesBefore);
    expect(await checksumTables(ctx.database.db)).toEqual(tablesBefore);
    return { ...res, message: JSON.parse(res.body).message as string };
  }

  it('refuses a register body declared over 5 MB before reading it (21 x 10 MB)', async () => {
    const form = streamedForm(
      registerFields('declared1'),
      Array.from({ length: 21 }, (_, i) => ({ field: `junk${i}`, bytes: 10 * MB })),
    );
    const res = await refusedAndNothingStored(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { ...form.headers, 'content-length': String(21 * 10 * MB + 4096) },
        payload: form.payload,
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.message).toBe('Profile picture must be at most 5 MB');
    expect(form.read.bytes).toBeLessThan(2 * MB);
  });

  it('refuses a third file part on register at once (chunked, unused names), without reading the other 18', async () => {
    const form = streamedForm(
      registerFields('chunked1'),
      Array.from({ length: 21 }, (_, i) => ({ field: `junk${i}`, bytes: 10 * MB })),
    );
    const res = await refusedAndNothingStored(() =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: form.headers, payload: form.payload }),
    );
    // Too many parts is a malformed form (422), not a large one (413).
    expect(res.statusCode).toBe(422);
    expect(res.message).toBe('Only one profile picture can be sent');
    expect(form.read.bytes).toBeLessThan(25 * MB);
  });

  it('refuses an avatar over 5 MB sent without a length, and reads no more than the limit of it', async () => {
    const form = streamedForm(registerFields('chunked2'), [{ field: 'avatar', bytes: 50 * MB }]);
    const res = await refusedAndNothingStored(() =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: form.headers, payload: form.payload }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.message).toBe('Profile picture must be at most 5 MB');
    // The limit (5 MB) and a few chunks in flight, not the 50 MB sent.
    expect(form.read.bytes).toBeLessThan(12 * MB);
  });

  it('still registers with one unused file part, which is drained and ignored', async () => {
    const form = streamedForm(registerFields('drained1'), [{ field: 'resume', bytes: 3 * MB }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: form.headers, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.avatar ?? null).toBeNull();
  });

  it('refuses two different pictures on the profile and keeps the account unchanged', async () => {
    const other = await sharp(photo).negate().png().toBuffer();
    const form = multipart({ name: 'Seller Two' }, [
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: photo },
      { name: 'avatar', filename: 'b.png', contentType: 'image/png', data: other },
    ]);
    const res = await refusedAndNothingStored(() =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/users/profile',
        headers: { ...seller.auth, ...form.headers },
        payload: form.payload,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.message).toBe('Only one profile picture can be sent');
  });

  it('refuses a listing body declared over 20 x 10 MB before reading it', async () => {
    const form = streamedForm(fullVehicleFields(), [{ field: 'images', bytes: 1 * MB }]);
    const res = await refusedAndNothingStored(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...seller.auth, ...form.headers, 'content-length': String(21 * 10 * MB) },
        payload: form.payload,
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.message).toBe('A listing can have at most 20 photos of at most 10 MB each');
    expect(form.read.bytes).toBeLessThan(2 * MB);
  });

  it('refuses a 21st file part on a listing (chunked) with the 20-photo message', async () => {
    const form = streamedForm(
      fullVehicleFields(),
      Array.from({ length: 22 }, () => ({ field: 'images', bytes: 100 * 1024 })),
    );
    const res = await refusedAndNothingStored(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...seller.auth, ...form.headers },
        payload: form.payload,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.message).toBe('A listing can have at most 20 photos');
  });

  it('refuses a photo over 24 megapixels with a clear message, from its header alone', async () => {
    const over = multipart(fullVehicleFields(), [
      { name: 'images', filename: 'big.png', contentType: 'image/png', data: pixelBomb(6001, 4000) },
    ]);
    const res = await refusedAndNothingStored(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...seller.auth, ...over.headers },
        payload: over.payload,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(JSON.parse(res.body).errors.images).toBe('Each photo must be at most 24 megapixels');
    // 6000 x 4000 is within the limit: it passes the pixel check (and this one then fails as truncated).
    const within = multipart(fullVehicleFields(), [
      { name: 'images', filename: 'ok.png', contentType: 'image/png', data: pixelBomb(6000, 4000) },
    ]);
    const next = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...admin.auth, ...within.headers },
      payload: within.payload,
    });
    expect(next.statusCode).toBe(415);
  });

  it('answers 503 with Retry-After when the image queue is full, stores nothing, and serves again once it drains', async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const holders: Promise<void>[] = [];
    while (imagePool.waiting < 8) holders.push(imagePool.run(() => held));
    const form = multipart(fullVehicleFields({ title: 'Queued' }), [
      { name: 'images', filename: 'p.png', contentType: 'image/png', data: photo },
    ]);
    const res = await refusedAndNothingStored(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...admin.auth, ...form.headers },
        payload: form.payload,
      }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.message).toBe('The server is busy processing photos. Please try again in a minute.');
    open();
    await Promise.all(holders);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(again.statusCode).toBe(201);
  });

  it('gives the photos of an upload refused as busy (503) back to the budget', async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const holders: Promise<void>[] = [];
    while (imagePool.waiting < 8) holders.push(imagePool.run(() => held));
    const retrying = await createUser(ctx);
    const form = multipart(
      fullVehicleFields({ title: 'Busy then fine' }),
      Array.from({ length: 3 }, (_, i) => ({ name: 'images', filename: `p${i}.png`, contentType: 'image/png', data: photo })),
    );
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...retrying.auth, ...form.headers },
        payload: form.payload,
      });
    expect((await send()).statusCode).toBe(503);
    open();
    await Promise.all(holders);
    // The whole budget (3) is still there for the retry.
    expect((await send()).statusCode).toBe(201);
  });

  it("refuses a seller's photos beyond the hourly budget with 429 and Retry-After; admins are not counted", async () => {
    const withPhotos = (n: number, title: string) =>
      multipart(
        fullVehicleFields({ title }),
        Array.from({ length: n }, (_, i) => ({ name: 'images', filename: `p${i}.png`, contentType: 'image/png', data: photo })),
      );
    const send = (user: TestUser, form: ReturnType<typeof multipart>) =>
      ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: { ...user.auth, ...form.headers }, payload: form.payload });
    const budgetSeller = await createUser(ctx);

    expect((await send(budgetSeller, withPhotos(2, 'First two'))).statusCode).toBe(201);
    const over = withPhotos(2, 'Two more');
    const res = await refusedAndNothingStored(() => send(budgetSeller, over));
    expect(res.statusCode).toBe(429);
    expect(res.message).toMatch(
      /^You can upload 1 more photo this hour \(at most 3 an hour\)\. Please try again in (59|60) minutes, or send fewer photos\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    // What fits still goes through; a listing without photos is never counted.
    expect((await send(budgetSeller, withPhotos(1, 'Last one'))).statusCode).toBe(201);
    expect((await send(budgetSeller, withPhotos(0, 'No photos'))).statusCode).toBe(201);
    expect((await send(admin, withPhotos(5, 'Admin stock'))).statusCode).toBe(201);
  });
});
