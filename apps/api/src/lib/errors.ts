import type { z } from 'zod';

/** Errors a service throws; the one error handler maps them to HTTP. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(errors: Record<string, string>, message = 'Validation failed') {
    super(422, message, errors);
  }

  static fromZod(error: z.ZodError): ValidationError {
    return new ValidationError(zodIssuesToFields(error.issues));
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(409, message, errors);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'File is too large') {
    super(413, message);
  }
}

export class UnsupportedMediaError extends AppError {
  constructor(message = 'Only PNG or JPEG images are accepted') {
    super(415, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many attempts, please try again later') {
    super(429, message);
  }
}

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
