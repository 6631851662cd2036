import type { FastifyRequest } from 'fastify';
import { CHECK_IN_PHOTOS_MAX, LIMITS, WORKSHOP_MESSAGES } from '@dealer/shared';
import { PayloadTooLargeError, ValidationError } from '../../infra/errors';
import { PHOTO_MESSAGES } from '../../infra/images';
import { FORM_TEXT_ALLOWANCE_BYTES, readMultipartForm } from '../../http/multipart-limits';

export interface CheckInForm {
  fields: Record<string, unknown>;
  files: Buffer[];
}

const MAX_FORM_BYTES = CHECK_IN_PHOTOS_MAX * LIMITS.photoMaxBytes + FORM_TEXT_ALLOWANCE_BYTES;

/** A check-in as sent: multipart (text fields and up to 10 `images` files) or JSON without photos. */
export async function readCheckInForm(request: FastifyRequest): Promise<CheckInForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: Buffer[] = [];
  await readMultipartForm(request, {
    limits: { files: CHECK_IN_PHOTOS_MAX, fileSize: LIMITS.photoMaxBytes },
    maxBytes: MAX_FORM_BYTES,
    refusals: {
      bodyTooLarge: () => new PayloadTooLargeError(WORKSHOP_MESSAGES.photosTooLarge),
      fileTooLarge: () => new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge),
      // The parser stops at the 11th file part.
      tooManyFiles: () => new ValidationError({ images: WORKSHOP_MESSAGES.tooManyPhotos }, WORKSHOP_MESSAGES.tooManyPhotos),
    },
    keepsFile: (name) => name === 'images',
    onFile: (_name, data) => files.push(data),
    onField: (name, value) => {
      fields[name] = typeof value === 'string' ? value : String(value ?? '');
    },
  });
  return { fields, files };
}
