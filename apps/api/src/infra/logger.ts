import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Level, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import { loggableError } from './loggable-error';

/** A request slower than this is logged even when request lines are otherwise quiet. */
export const SLOW_REQUEST_MS = 1000;

/** Secrets and personal data that may sit in what is logged; pino replaces them with [Redacted]. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
];

export interface LoggerSettings {
  level: Level | 'silent';
  /** `pretty`: one readable line per entry, for a person at a terminal; `json` for log collectors. */
  format: 'json' | 'pretty';
  /** Where lines go; standard output when absent. */
  destination?: DestinationStream;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
}
interface ReplyLike {
  statusCode?: number;
  request?: RequestLike;
}


/** The server's logger; how requests are logged is `request-log.ts`'s part. */
export function createLogger(settings: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level: settings.level,
    redact: LOG_REDACT_PATHS,
    serializers: {
      req: (req: RequestLike & Partial<IncomingMessage>) => ({
        method: req.method,
        url: req.url,
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      res: (res: ReplyLike) => ({ statusCode: res.statusCode }),
      // A failed query carries its parameters (password hashes, e-mails): logged without them.
      err: loggableError,
    },
    hooks: {
      logMethod(args, method) {
        const [first, second] = args as unknown as [unknown, unknown];
        const message = typeof first === 'string' ? first : second;
        // The start-up banner gives the address once; the framework would add a line per interface.
        if (settings.format === 'pretty' && typeof message === 'string' && message.startsWith('Server listening at')) return;
        return method.apply(this, args);
      },
    },
  };
  if (settings.format === 'json') return settings.destination ? pino(options, settings.destination) : pino(options);
  const stream = pretty({
    destination: settings.destination ?? 1,
    // In the main thread, in order with the banner printed on standard output.
    sync: true,
    colorize: !settings.destination && process.stdout.isTTY === true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log: Record<string, unknown>, messageKey: string) => {
      const req = log.req as RequestLike | undefined;
      const res = log.res as ReplyLike | undefined;
      const message = String(log[messageKey] ?? '');
      if (req && !res) return `${message}: ${req.method} ${req.url}`;
      if (!req || !res) return message;
      return `${req.method} ${req.url} ${res.statusCode} in ${Math.round(Number(log.responseTime ?? 0))} ms`;
    },
  });
  return pino(options, stream);
}
