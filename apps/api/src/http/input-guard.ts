import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasNoNulCharacter, NUL_CHARACTER_MESSAGE } from '@dealer/shared';
import { errorBody } from './error-handler';

const MAX_DEPTH = 8;
/** RFC 2046: a boundary is 1 to 70 characters. */
const BOUNDARY = /;\s*boundary=(?:"([^"]*)"|([^\s;]*))/i;

/** Dotted paths ('vehicle.make', 'search') of every string holding a NUL character. */
function nulPaths(value: unknown, path: string, out: string[], depth = 0): string[] {
  if (typeof value === 'string') {
    if (!hasNoNulCharacter(value)) out.push(path || '_');
  } else if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const [key, child] of Object.entries(value)) nulPaths(child, path ? `${path}.${key}` : key, out, depth + 1);
  }
  return out;
}

export function hasValidMultipartBoundary(contentType: string): boolean {
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary !== undefined && boundary.length >= 1 && boundary.length <= 70;
}

/**
 * Input no route can use, refused before validation with the error envelope: the NUL character
 * anywhere in a JSON body, the query or the path (the database cannot store it; multipart fields meet
 * the same rule in the shared schemas), and a multipart body without a usable boundary.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const contentType = request.headers['content-type'] ?? '';
    if (/^\s*multipart\//i.test(contentType) && !hasValidMultipartBoundary(contentType)) {
      reply.status(400).send(errorBody(400, 'The multipart form has no valid boundary in its Content-Type'));
      return;
    }
    const paths = nulPaths(request.params, '', []);
    nulPaths(request.query, '', paths);
    nulPaths(request.body, '', paths);
    if (paths.length > 0) {
      reply.status(422).send(errorBody(422, 'Validation failed', Object.fromEntries(paths.map((p) => [p, NUL_CHARACTER_MESSAGE]))));
      return;
    }
    done();
  });
});
