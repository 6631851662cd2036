import type { z } from 'zod';

/**
 * Errors a service throws; the one error handler maps them to HTTP. Each is an answer, not a fault: it is
 * never logged, so it is made without a stack (capturing one was 3% of the CPU of a booking refused at the
 * customer's cap, a refusal a flood of requests meets).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = new.target.name;
  }
}

/** An error class for one HTTP status, with what it says when the service gives no message. */
function withStatus(statusCode: number, defaultMessage: string) {
  return class extends AppError {
    constructor(message = defaultMessage) {
      super(statusCode, message);
    }
  };
}

export class ValidationError extends AppError {
  constructor(errors: Record<string, string>, message = 'Validation failed') {
    super(422, message, errors);
  }

  static fromZod(error: z.ZodError): ValidationError {
    return new ValidationError(zodIssuesToFields(error.issues));
  }
}

export class UnauthorizedError extends withStatus(401, 'Authentication required') {}
export class ForbiddenError extends withStatus(403, 'You do not have permission to do this') {}
export class NotFoundError extends withStatus(404, 'Not found') {}

export class ConflictError extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(409, message, errors);
  }
}

export class PayloadTooLargeError extends withStatus(413, 'File is too large') {}
export class UnsupportedMediaError extends withStatus(415, 'Only PNG or JPEG images are accepted') {}
export class TooManyRequestsError extends withStatus(429, 'Too many attempts, please try again later') {}

/** A refusal that tells the client when to try again (sent as the Retry-After header). */
export class RetryLaterError extends AppError {
  constructor(
    statusCode: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, message);
  }
}

/** First message per field, keyed by the dotted path ('vehicle.make'). */
export function zodIssuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

/** The server cannot start with this setting or state; the message says what to change. Printed without a stack. */
export class StartupError extends Error {}
