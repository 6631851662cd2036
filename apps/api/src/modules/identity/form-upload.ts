import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@dealer/shared';
import { PayloadTooLargeError } from '../../lib/errors';
import { FORM_TEXT_ALLOWANCE_BYTES, readMultipartForm } from '../../lib/multipart-limits';
import { AVATAR_MESSAGES } from './avatar';

export interface UploadedForm {
  fields: Record<string, string>;
  /** The picture from the `avatar` (or `file`) part, when one was sent. */
  picture?: Buffer;
}

const PICTURE_FIELDS = new Set(['avatar', 'file']);
/** Register and profile take one picture: one file part, at most the avatar's size. */
const PICTURE_LIMITS = { files: 1, fileSize: LIMITS.avatarMaxBytes };
const MAX_FORM_BYTES = LIMITS.avatarMaxBytes + FORM_TEXT_ALLOWANCE_BYTES;

const tooLarge = () => new PayloadTooLargeError(AVATAR_MESSAGES.tooLarge);

/** Reads a multipart form (or a JSON body) into text fields and at most one picture. */
export async function readUploadForm(request: FastifyRequest): Promise<UploadedForm> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
    }
    return { fields };
  }
  const fields: Record<string, string> = {};
  let picture: Buffer | undefined;
  await readMultipartForm(request, {
    limits: PICTURE_LIMITS,
    maxBytes: MAX_FORM_BYTES,
    refusals: {
      bodyTooLarge: tooLarge,
      fileTooLarge: tooLarge,
      tooManyFiles: () => new PayloadTooLargeError(AVATAR_MESSAGES.oneOnly),
    },
    // Only the first picture is kept.
    keepsFile: (name) => PICTURE_FIELDS.has(name) && !picture,
    onFile: (_name, data) => {
      picture = data;
    },
    onField: (name, value) => {
      if (typeof value === 'string') fields[name] = value;
    },
  });
  return { fields, picture };
}
