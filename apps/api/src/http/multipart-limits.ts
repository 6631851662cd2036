import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS } from '@dealer/shared';
import type { AppError } from '../infra/errors';

/**
 * Room for the text fields and the part headers of a form on top of its files: a listing's longest
 * text is its description, far below this.
 */
export const FORM_TEXT_ALLOWANCE_BYTES = 256 * 1024;

/** The tight defaults of every multipart body; a route that takes more asks for it per request. */
export const DEFAULT_MULTIPART_LIMITS = {
  files: 1,
  fileSize: LIMITS.avatarMaxBytes,
  fields: 60,
  fieldSize: 64 * 1024,
  parts: 100,
  headerPairs: 20,
} as const;

/** The parser's code for a file over its size limit. */
export const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

const abandonedBodies = new WeakSet<FastifyRequest>();

/**
 * Multipart parsing with tight defaults. A body refused part-way is not read any further: the answer
 * goes out with `Connection: close`, and the connection ends with it. Reading the rest only to drop it
 * would let one client make the server take in any amount of data; the web app checks sizes before
 * sending, so a legitimate upload does not get here.
 */
export const multipartBodies = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: DEFAULT_MULTIPART_LIMITS });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (abandonedBodies.has(request)) reply.header('connection', 'close');
    done(null, payload);
  });
});

/** Stops reading a body that has been refused; the connection closes after the answer. */
export function abandonBody(request: FastifyRequest): void {
  abandonedBodies.add(request);
  const raw = request.raw;
  if (raw.readableEnded) return;
  raw.unpipe();
  raw.pause();
}

/**
 * Refuses a body whose declared length is already over what the route can accept, before parsing a
 * byte of it. Node then reads the unparsed body and drops it, so a client still sending gets the
 * answer rather than a broken connection, and nothing of the body is kept. A body sent without a
 * length (chunked) is bounded by the parser's limits instead.
 */
export function refuseDeclaredOversize(request: FastifyRequest, maxBytes: number, refusal: () => AppError): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw refusal();
}

/** Lets a file part the route does not use flow past without keeping any of it. */
export function discardPart(part: { file: NodeJS.ReadableStream }): void {
  part.file.resume();
}

const fileTooLarge = () => Object.assign(new Error('request file too large'), { code: FILE_TOO_LARGE });

/**
 * Reads a file part the route keeps, stopping at the parser's size limit: the part is refused there,
 * not after the rest of it has been read.
 */
export async function readFilePart(part: { file: NodeJS.ReadableStream & { truncated?: boolean } }): Promise<Buffer> {
  const file = part.file as Readable & { truncated?: boolean };
  // The parser may stop feeding a part exactly at the limit, so nothing more arrives to look at.
  const onLimit = () => file.destroy(fileTooLarge());
  file.once('limit', onLimit);
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    if (file.truncated) throw fileTooLarge();
    return Buffer.concat(chunks);
  } finally {
    file.off('limit', onLimit);
  }
}

export function multipartErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/** How one route reads its multipart form: what it takes, what it refuses, and where each part goes. */
export interface MultipartForm {
  /** The parser's limits for this route's file parts. */
  limits: { files: number; fileSize: number };
  /** The largest body the route accepts, by its declared length. */
  maxBytes: number;
  /** The answers for a body declared larger than `maxBytes`, a file over `fileSize`, and a file part past `files`. */
  refusals: { bodyTooLarge(): AppError; fileTooLarge(): AppError; tooManyFiles(): AppError };
  /** Whether a file part is kept; the others flow past unread. */
  keepsFile(fieldName: string): boolean;
  /** A kept file part with content (an empty one, a form's blank file input, is skipped). */
  onFile(fieldName: string, data: Buffer): void;
  onField(fieldName: string, value: unknown): void;
}

/**
 * Reads a multipart body part by part within the route's limits. A refusal stops reading: the body
 * is abandoned and the parser's error is answered with the route's own.
 */
export async function readMultipartForm(request: FastifyRequest, form: MultipartForm): Promise<void> {
  refuseDeclaredOversize(request, form.maxBytes, form.refusals.bodyTooLarge);
  try {
    for await (const part of request.parts({ limits: form.limits })) {
      if (part.type === 'file') {
        // Any file part not kept must still be consumed, or the request never ends.
        if (!form.keepsFile(part.fieldname)) {
          discardPart(part);
          continue;
        }
        const data = await readFilePart(part);
        if (data.length > 0) form.onFile(part.fieldname, data);
      } else {
        form.onField(part.fieldname, part.value);
      }
    }
  } catch (error) {
    abandonBody(request);
    const code = multipartErrorCode(error);
    if (code === FILE_TOO_LARGE) throw form.refusals.fileTooLarge();
    if (code === 'FST_FILES_LIMIT') throw form.refusals.tooManyFiles();
    throw error;
  }
}
