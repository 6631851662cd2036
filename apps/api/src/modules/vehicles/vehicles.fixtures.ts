import sharp from 'sharp';
import type { Vehicle } from '@dealer/shared';
import { vehicles } from '../../db/schema';
import type { TestContext, TestUser } from '../../test/harness';

/** Test helpers for the vehicle module: tiny images, multipart bodies and direct inserts. */

export async function pngImage(width = 32, height = 32, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function jpegImage(width = 32, height = 32, color = '#cc3333'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export interface FilePart {
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body: text fields (repeated when an array) and files. */
export function multipart(fields: Record<string, string | number | string[]>, files: FilePart[] = []) {
  const boundary = `----vehapi${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'images'}"; filename="${file.filename ?? 'photo.jpg'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const baseFields = {
  make: 'Toyota',
  model: 'Camry',
  year: '2020',
  price: '25000',
  title: 'Toyota Camry SE',
};

export async function postVehicle(
  ctx: TestContext,
  user: TestUser,
  fields: Record<string, string | number | string[]> = baseFields,
  files: FilePart[] = [],
) {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    payload: body.payload,
    headers: { ...body.headers, ...user.auth },
  });
}

export async function patchVehicle(
  ctx: TestContext,
  user: TestUser | null,
  id: string,
  fields: Record<string, string | number | string[]> = {},
  files: FilePart[] = [],
) {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/vehicles/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...(user?.auth ?? {}) },
  });
}

export async function createVehicleViaApi(
  ctx: TestContext,
  user: TestUser,
  fields: Record<string, string | number | string[]> = {},
  files: FilePart[] = [],
): Promise<Vehicle> {
  const res = await postVehicle(ctx, user, { ...baseFields, ...fields }, files);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Vehicle;
}

export type InsertVehicle = Partial<typeof vehicles.$inferInsert>;

/** Inserts listings straight into the database (fast; for list, filter and sort tests). */
export async function insertVehicles(ctx: TestContext, rows: InsertVehicle[]): Promise<string[]> {
  const inserted = await ctx.database.db
    .insert(vehicles)
    .values(
      rows.map((row) => ({
        title: 'Listing',
        make: 'Ford',
        model: 'Focus',
        year: 2018,
        price: 10000,
        status: 'available',
        ...row,
      })),
    )
    .returning({ id: vehicles.id });
  return inserted.map((r) => r.id);
}

/** Every file under the test's uploads folder. */
export async function storedFiles(ctx: TestContext): Promise<string[]> {
  return ctx.app.deps.storage.list('vehicles');
}
