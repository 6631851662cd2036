import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Role } from '@dealer/shared';
import type { TestContext } from '../../test/harness';
import { startSession } from '../identity/sessions';

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart body for app.inject. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----dealer${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
}

/** A JPEG carrying EXIF (camera and orientation), to prove it is dropped. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: '#16a34a' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', Orientation: '6' } })
    .toBuffer();
}

/** Starts with PNG's signature, then grows past 5 MB. */
export function oversizedPng(bytes = 6 * 1024 * 1024): Buffer {
  const data = Buffer.alloc(bytes, 1);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

let counter = 0;
export function registration(overrides: Record<string, string> = {}): Record<string, string> {
  counter += 1;
  const id = `${counter}${randomUUID().slice(0, 6)}`;
  return {
    username: `reg_${id}`,
    name: `Reg User ${id}`,
    phone: '+1 555 0100 400',
    email: `reg_${id}@example.com`,
    address: '5 Register Road',
    password: 'Password123!',
    confirmPassword: 'Password123!',
    ...overrides,
  };
}

export function refreshCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'refreshToken')?.value;
}

export async function register(ctx: TestContext, fields: Record<string, string> = registration(), files: FilePart[] = []) {
  const form = multipart(fields, files);
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
}

export async function login(ctx: TestContext, emailOrUsername: string, password: string, extra: { remoteAddress?: string; cookies?: Record<string, string> } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername, password },
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    ...(extra.cookies ? { cookies: extra.cookies } : {}),
  });
}

/** A bearer header for an existing account (a seeded one, say), backed by a real session. */
export async function bearerFor(ctx: TestContext, user: { id: string; role: Role }): Promise<{ authorization: string }> {
  const { accessToken } = await startSession(ctx.app.deps, ctx.database.db, user, { ip: null, userAgent: null });
  return { authorization: `Bearer ${accessToken}` };
}
