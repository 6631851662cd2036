import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@dealer/shared';
import { PayloadTooLargeError } from '../../lib/errors';
import {
  FILE_TOO_LARGE,
  FORM_TEXT_ALLOWANCE_BYTES,
  abandonBody,
  discardPart,
  multipartErrorCode,
  readFilePart,
  refuseDeclaredOversize,
} from '../../lib/multipart-limits';
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

function refusal(error: unknown): unknown {
  const code = multipartErrorCode(error);
  if (code === FILE_TOO_LARGE) return new PayloadTooLargeError(AVATAR_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new PayloadTooLargeError(AVATAR_MESSAGES.oneOnly);
  return error;
}

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
  refuseDeclaredOversize(request, MAX_FORM_BYTES, () => new PayloadTooLargeError(AVATAR_MESSAGES.tooLarge));
  const fields: Record<string, string> = {};
  let picture: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: PICTURE_LIMITS })) {
      if (part.type === 'file') {
        // Only the picture is kept; any other file part flows past (it must be consumed, or the request never ends).
        if (!PICTURE_FIELDS.has(part.fieldname) || picture) {
          discardPart(part);
          continue;
        }
        const data = await readFilePart(part);
        if (data.length > 0) picture = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    abandonBody(request);
    throw refusal(error);
  }
  return { fields, picture };
}
