import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@dealer/shared';
import { PayloadTooLargeError, ValidationError } from '../infra/errors';
import { PHOTO_MESSAGES } from '../infra/images';
import { FORM_TEXT_ALLOWANCE_BYTES, readMultipartForm } from './multipart-limits';

/** A form with photos as sent: its text fields and the `images` files. */
export interface PhotoForm {
  fields: Record<string, unknown>;
  files: Buffer[];
}

/**
 * A form of text fields and up to `maxPhotos` `images` files (PNG or JPEG, each within the photo
 * limit), sent as multipart; a JSON body is the same form without photos.
 */
export async function readPhotoForm(
  request: FastifyRequest,
  options: { maxPhotos: number; tooManyPhotos: string; photosTooLarge: string },
): Promise<PhotoForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: Buffer[] = [];
  await readMultipartForm(request, {
    limits: { files: options.maxPhotos, fileSize: LIMITS.photoMaxBytes },
    maxBytes: options.maxPhotos * LIMITS.photoMaxBytes + FORM_TEXT_ALLOWANCE_BYTES,
    refusals: {
      bodyTooLarge: () => new PayloadTooLargeError(options.photosTooLarge),
      fileTooLarge: () => new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge),
      // The parser stops at the file part past the limit.
      tooManyFiles: () => new ValidationError({ images: options.tooManyPhotos }, options.tooManyPhotos),
    },
    keepsFile: (name) => name === 'images',
    onFile: (_name, data) => files.push(data),
    onField: (name, value) => {
      fields[name] = typeof value === 'string' ? value : String(value ?? '');
    },
  });
  return { fields, files };
}
