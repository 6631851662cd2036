import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@dealer/shared';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/connection-errors';
import { AppError, RetryLaterError } from '../infra/errors';
import { databaseErrorCode, loggableError } from '../infra/loggable-error';

const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

const FRAMEWORK_ERRORS: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: 'The request is too large' },
  FST_REQ_FILE_TOO_LARGE: { statusCode: 413, message: 'File is too large' },
  FST_FILES_LIMIT: { statusCode: 413, message: 'Too many files' },
  FST_PARTS_LIMIT: { statusCode: 413, message: 'Too many fields' },
  FST_FIELDS_LIMIT: { statusCode: 413, message: 'Too many fields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: 'Unsupported content type' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { statusCode: 415, message: 'Expected a multipart form' },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: 'The request body is empty' },
};

/**
 * The multipart parser (busboy) throws plain errors when the body does not match its boundary or
 * stops early; they are the client's fault, not the server's.
 */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Boundary required|The needle cannot)/;
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart form is malformed: its parts do not match the boundary';

/**
 * A value the database cannot hold (SQLSTATE class 22: out of range, bad date, NUL character). The
 * edge checks (shared schemas, input guard) should refuse these first; this is the last line, and
 * the fuzz suite fails when it is reached.
 */
export const UNSTORABLE_VALUE_MESSAGE = 'A value is out of range or contains a character that cannot be stored';

export function errorBody(statusCode: number, message: string, errors?: Record<string, string>): ErrorBody {
  return { status: 'ERROR', statusCode, message, error: { message }, ...(errors && Object.keys(errors).length ? { errors } : {}) };
}

/** The one error handler: every error leaves as the envelope, and a 5xx never carries internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const where = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[where] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(422).send(errorBody(422, 'Validation failed', errors));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.statusCode).send(errorBody(known.statusCode, known.message));
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 429) {
      return reply.status(429).send(errorBody(429, 'Too many requests, please try again later'));
    }
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(errorBody(statusCode, error.message));
    }
    if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) {
      return reply.status(400).send(errorBody(400, MALFORMED_MULTIPART_MESSAGE));
    }
    if (databaseErrorCode(error)?.startsWith('22')) {
      request.log.warn({ error: loggableError(error) }, 'a value the database cannot hold passed the edge checks');
      return reply.status(422).send(errorBody(422, UNSTORABLE_VALUE_MESSAGE));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ error: loggableError(error) }, 'database unavailable for this request');
      return reply.status(503).header('retry-after', '2').send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    // Never `{ err: error }`: a failed query carries its parameters (password hashes, e-mails, phones).
    request.log.error({ error: loggableError(error) }, 'request failed');
    return reply.status(500).send(errorBody(500, SERVER_ERROR_MESSAGE));
  });
});
