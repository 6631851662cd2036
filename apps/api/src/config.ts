import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'must be a whole number between 1 and 65535' })
  .int('must be a whole number between 1 and 65535')
  .min(1, 'must be a whole number between 1 and 65535')
  .max(65535, 'must be a whole number between 1 and 65535');

const postgresUrl = z
  .string()
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
    } catch {
      return false;
    }
  }, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database');

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a positive whole number' }).int('must be a positive whole number').min(1, 'must be a positive whole number').default(fallback);

const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as America/New_York');

const smtpUrl = z.string().refine((v) => {
  try {
    const url = new URL(v);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be an SMTP URL such as smtp://user:password@mail.example.com:587 (smtps:// for TLS from the start)');

const MAIL_FROM_MESSAGE = 'must be an e-mail address or a name and address such as "Apex Motors <no-reply@example.com>"';
/** "no-reply@example.com" or "Apex Motors <no-reply@example.com>". */
const isMailbox = (v: string) => /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(v.trim());

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const TRUST_PROXY_MESSAGE =
  'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * Whose X-Forwarded-For to believe: nobody by default (any client could forge its address and
 * slip past every per-address limit), every hop (`true`), the last N hops, or listed proxies.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): boolean | number | string[] => {
    const text = value?.trim().toLowerCase() ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

const httpUrl = (message: string) =>
  z.string().refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, message);

const S3_DEPENDENT = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

/** Photos go to a bucket only with the whole set: a bucket and its keys, never half of it. */
function checkS3Settings(config: Partial<Record<(typeof S3_DEPENDENT)[number] | 'S3_BUCKET', unknown>>, ctx: z.RefinementCtx) {
  if (!config.S3_BUCKET) {
    const set = S3_DEPENDENT.filter((name) => config[name] !== undefined);
    if (set.length)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `must be set when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set (or remove them to keep photos in DATA_DIR/uploads)` });
    return;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !config[name]);
  if (missing.length)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `needs ${missing.join(' and ')}: the access key of an account that may read and write the bucket` });
}

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl.optional()),
  DATABASE_POOL_SIZE: positiveInt(10),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (0 for no limit)' })
    .int('must be a whole number of milliseconds (0 for no limit)')
    .min(0, 'must be a whole number of milliseconds (0 for no limit)')
    .default(30_000),
  PGLITE_CACHE_MB: positiveInt(8),
  PUBLIC_CACHE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (0 turns the cache off)' })
    .int('must be a whole number of milliseconds (0 turns the cache off)')
    .min(0, 'must be a whole number of milliseconds (0 turns the cache off)')
    .max(60_000, 'must be at most 60000 (a minute)')
    .default(5_000),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** End-to-end tests only: with it the server's clock can be moved on by a caller who sends it (see http/test-clock.ts). */
  TEST_CLOCK_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  WORKSHOP_TZ: timeZone.default('America/New_York'),
  SLOT_CAPACITY: positiveInt(2),
  BOOKING_HORIZON_DAYS: positiveInt(90),
  MAX_OPEN_BOOKINGS: positiveInt(3),
  BOOKINGS_PER_DAY: positiveInt(8),
  BOOKING_MAIL_PER_RECIPIENT_PER_DAY: positiveInt(20),
  /** Opening hours within which a new lead should have its first answer; past them it is overdue. */
  LEAD_RESPONSE_HOURS: positiveInt(2),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url('must be a URL such as https://cars.example.com').optional()),
  EMERGENCY_PHONE: z.string().min(3).default('+1 (555) 911-2020'),
  // The workshop as e-mails, calendar files and the site's footer give it.
  WORKSHOP_ADDRESS: z.preprocess(emptyAsUndefined, z
    .string()
    .trim()
    .min(5, 'must be the street address customers drive to, such as "1200 Motor Avenue, Springfield, IL 62701"')
    .max(200, 'must be at most 200 characters')
    .refine((v) => !/[\r\n]/.test(v), 'must be one line')
    .default('1200 Motor Avenue, Springfield, IL 62701')),
  WORKSHOP_PHONE: z.preprocess(emptyAsUndefined, z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{7,25}$/, 'must be a phone number such as "+1 (555) 010-2000"')
    .default('+1 (555) 010-2000')),
  SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrl.optional()),
  MAIL_FROM: z.string().refine(isMailbox, MAIL_FROM_MESSAGE).default('Apex Motors <no-reply@localhost>'),
  WORKSHOP_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an e-mail address').optional()),
  REMINDER_HOURS: positiveInt(24),
  /** How long 'Reserve this car' holds a car for its customer. */
  RESERVATION_HOURS: positiveInt(72),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().startsWith('redis://', 'must start with redis://').optional()),
  LOGIN_RATE_LIMIT: positiveInt(10),
  LOGIN_RATE_WINDOW_SECONDS: positiveInt(15 * 60),
  API_RATE_LIMIT: positiveInt(600),
  /** Server renders (page-cache misses) one client address may cause per minute on a node; past it, the app shell. */
  PAGE_RENDERS_PER_MINUTE: positiveInt(60),
  /**
   * Server renders in hand at once on a node; a few more wait, the rest get the app shell. A render spends most
   * of its time waiting for its API reads (the main thread, the database), so a render thread needs several in
   * hand to stay busy: 16 rendered 1.08-1.10x the pages a second of 4 at 16 connections (docs/quality.md).
   */
  PAGE_RENDER_CONCURRENCY: positiveInt(16),
  /** Worker threads the server renders run in (0: in the main thread, between the requests). */
  PAGE_RENDER_THREADS: z.coerce
    .number({ error: 'must be a whole number from 0 to 8 (0 renders in the main thread)' })
    .int('must be a whole number from 0 to 8 (0 renders in the main thread)')
    .min(0, 'must be a whole number from 0 to 8 (0 renders in the main thread)')
    .max(8, 'must be a whole number from 0 to 8 (0 renders in the main thread)')
    .default(1),
  SIGNUP_RATE_LIMIT: positiveInt(10),
  TRUST_PROXY: trustProxy,
  UPLOAD_PHOTOS_PER_HOUR: positiveInt(200),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be 3 to 63 lowercase letters, digits, dots or hyphens, such as dealer-photos')
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, httpUrl('must be an http(s) URL such as http://127.0.0.1:9000').optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false'], 'must be true or false').default('false'))
    .transform((v) => v === 'true'),
  S3_PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl('must be an http(s) URL such as https://cdn.example.com/photos').optional()),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an e-mail address').optional()),
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  // The static file server wants an absolute folder: a relative one is read from where the server was started.
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()).transform((dir) => dir && path.resolve(dir)),
}).superRefine(checkS3Settings);

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** The one place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'config');
      const value = env[name];
      return `${name}${value === undefined ? '' : `="${value}"`}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' }),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOGIN_RATE_LIMIT: 1000,
    API_RATE_LIMIT: 100000,
    // Tests render many pages from one address; the budget has its own tests.
    PAGE_RENDERS_PER_MINUTE: 100000,
    // The stand-in renderers count their renders in this thread's globals; render-thread.test.ts runs them in threads.
    PAGE_RENDER_THREADS: 0,
    // Tests register many accounts from one address; the limit has its own tests.
    SIGNUP_RATE_LIMIT: 100000,
    // Tests book many appointments as one customer; the cap has its own tests.
    MAX_OPEN_BOOKINGS: 1000,
    BOOKINGS_PER_DAY: 1000,
    BOOKING_MAIL_PER_RECIPIENT_PER_DAY: 1000,
    // Many tests write rows straight into the database, which the public cache cannot see; its own tests turn it on.
    PUBLIC_CACHE_MS: 0,
    ...overrides,
  };
}
