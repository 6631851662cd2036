/** What the logs may hold of an error: enough to find the fault, never the values a request carried. */
export interface LoggableError {
  type: string;
  message: string;
  /** The database's error code (SQLSTATE), e.g. 23514 for a failed check. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  statusCode?: number;
  /** The SQL text of a failed query: placeholders only, its parameters are never kept. */
  query?: string;
  stack?: string;
  cause?: LoggableError;
}

const MAX_MESSAGE = 500;
const MAX_QUERY = 1000;
const MAX_CAUSES = 3;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * A failed Drizzle query carries its SQL and every parameter (password hashes, e-mails, phones) in
 * its message and fields; PostgreSQL echoes an input value in some messages ('invalid input syntax
 * for type uuid: "..."') and whole rows in `detail`. Only names and codes are kept.
 */
function safeMessage(message: string): string {
  if (isDrizzleFailure(message)) return 'Failed query';
  return message.replace(/:\s*"[\s\S]*"\s*$/, ': "[value withheld]"').slice(0, MAX_MESSAGE);
}

const isDrizzleFailure = (message: string) => message.startsWith('Failed query:');

/** The stack's frames under a header made of the safe message (the original header repeats the message). */
function safeStack(stack: unknown, header: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at\s/.test(line));
  return [header, ...frames].join('\n');
}

/** A copy of `error` fit for the logs: class, code, constraint, message without values, stack. */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: 'A non-error value was thrown' };
  const record = error as Record<string, unknown>;
  // A bundled driver's class name can be minified to a letter or two; its `name` says more then.
  const className = error.constructor?.name;
  const type = className && className.length > 2 && className !== 'Object' ? className : (text(record.name) ?? 'Error');
  const original = text(record.message) ?? '';
  const message = safeMessage(original);
  const out: LoggableError = { type, message };
  if (text(record.code)) out.code = String(record.code);
  if (text(record.constraint)) out.constraint = String(record.constraint);
  if (text(record.table)) out.table = String(record.table);
  if (text(record.column)) out.column = String(record.column);
  if (typeof record.statusCode === 'number') out.statusCode = record.statusCode;
  if (isDrizzleFailure(original) && text(record.query)) out.query = String(record.query).slice(0, MAX_QUERY);
  const stack = safeStack(record.stack, `${type}: ${message}`);
  if (stack) out.stack = stack;
  if (record.cause !== undefined && depth < MAX_CAUSES) out.cause = loggableError(record.cause, depth + 1);
  return out;
}

/** The database's error code, whether the driver's error is thrown as is or wrapped by Drizzle. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth <= MAX_CAUSES; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
