import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@dealer/shared';
import { PayloadTooLargeError, ValidationError } from '../../infra/errors';
import { FORM_TEXT_ALLOWANCE_BYTES, readMultipartForm } from '../../http/multipart-limits';
import { AVATAR_MESSAGES } from './avatar';

export interface UploadedForm {
  fields: Record<string, string>;
  /** The picture from the `avatar` (or `file`) part, when one was sent. */
  picture?: Buffer;
}

const PICTURE_FIELDS = new Set(['avatar', 'file']);
/**
 * Register and profile take one picture, at most the avatar's size. The spec's profile form sends it
 * twice, as `file` and as `avatar`: two file parts are read, and they must be the same picture.
 */
const PICTURE_LIMITS = { files: PICTURE_FIELDS.size, fileSize: LIMITS.avatarMaxBytes };
const MAX_FORM_BYTES = PICTURE_FIELDS.size * LIMITS.avatarMaxBytes + FORM_TEXT_ALLOWANCE_BYTES;

const tooLarge = () => new PayloadTooLargeError(AVATAR_MESSAGES.tooLarge);
/** More than one picture is a malformed form, not a large one. */
const notOnePicture = () => new ValidationError({ avatar: AVATAR_MESSAGES.oneOnly }, AVATAR_MESSAGES.oneOnly);

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
  const pictures: Buffer[] = [];
  await readMultipartForm(request, {
    limits: PICTURE_LIMITS,
    maxBytes: MAX_FORM_BYTES,
    refusals: { bodyTooLarge: tooLarge, fileTooLarge: tooLarge, tooManyFiles: notOnePicture },
    keepsFile: (name) => PICTURE_FIELDS.has(name),
    onFile: (_name, data) => {
      pictures.push(data);
    },
    onField: (name, value) => {
      if (typeof value === 'string') fields[name] = value;
    },
  });
  const [picture, ...copies] = pictures;
  if (copies.some((copy) => !copy.equals(picture!))) throw notOnePicture();
  return { fields, picture };
}
