import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { pino, type Bindings, type ChildLoggerOptions } from 'pino';
import { SLOW_REQUEST_MS } from '../infra/logger';

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Whether a logger at `threshold` writes lines of `level`. */
const writes = (threshold: string, level: LevelName) => threshold !== 'silent' && pino.levels.values[level]! >= pino.levels.values[threshold]!;

/**
 * A request's logger, made on its first line. Most requests log nothing, and a pino child costs about 4% of
 * a cached answer's CPU (its bindings go through the redaction paths; `scripts/bench/profile.mjs`).
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #write(level: LevelName, args: unknown[]) {
    // A level that is off writes nothing: no logger made for it.
    if (!writes(this.level, level)) return;
    (this.#logger()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  // Methods on the prototype: nothing is allocated per request but the object itself.
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Whether every request is logged, in and out (at `debug` and `trace`). */
export const logsEveryRequest = (logger: FastifyBaseLogger): boolean => writes(logger.level, 'debug');

/**
 * How requests are logged. At `debug` and `trace` every request, in and out (the framework's lines). Below
 * `debug` a request writes one line only when it fails (5xx) or is slow, and that line says which request it
 * was (`logFailedAndSlowRequests`); the framework's two lines a request are off.
 */
export function requestLogOptions(logger: FastifyBaseLogger): Pick<FastifyServerOptions, 'logController' | 'childLoggerFactory'> {
  return {
    logController: new LogController({ disableRequestLogging: !logsEveryRequest(logger) }),
    childLoggerFactory: (parent, bindings, options) => new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger,
  };
}

/** Below `debug`: one line for a request that failed (5xx) or took SLOW_REQUEST_MS or more. */
export function logFailedAndSlowRequests(app: FastifyInstance) {
  if (logsEveryRequest(app.log)) return;
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 500 || reply.elapsedTime >= SLOW_REQUEST_MS) {
      request.log.info({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
    }
    done();
  });
}
