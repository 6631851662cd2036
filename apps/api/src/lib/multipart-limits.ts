import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@dealer/shared';
import type { AppError } from './errors';

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

/**
 * Refuses a body whose declared length is already over what the route can accept, before reading a
 * byte of it. A body sent without a length (chunked) is bounded by the parser's limits instead.
 */
export function refuseDeclaredOversize(request: FastifyRequest, maxBytes: number, refusal: () => AppError): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw refusal();
}

/** Lets a file part the route does not use flow past without keeping any of it. */
export function discardPart(part: { file: NodeJS.ReadableStream }): void {
  part.file.resume();
}

/**
 * After a form is refused part-way, reads and drops the rest of the body: the answer can then be
 * sent and the connection reused, and nothing of the rest is kept.
 */
export function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded) return;
  raw.unpipe();
  raw.resume();
}

export function multipartErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}
