import type { FastifyRequest } from 'fastify';

export interface UploadedForm {
  fields: Record<string, string>;
  /** The picture from the `avatar` (or `file`) part, when one was sent. */
  picture?: Buffer;
}

const PICTURE_FIELDS = new Set(['avatar', 'file']);

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
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Every file part must be consumed, or the request never ends.
      const data = await part.toBuffer();
      if (PICTURE_FIELDS.has(part.fieldname) && data.length > 0 && !picture) picture = data;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, picture };
}
