// The property-based fuzzers' shared kit (fast-check): generators of certainly-bad values, a copy of a
// valid body with some fields corrupted, request builders, and `createFuzzer`, which sends generated
// requests and requires each to be refused with the error envelope while no table changes.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { UNSTORABLE_VALUE_MESSAGE } from '../http/error-handler';
import type { TestContext } from '../test/harness';
import { multipart, type FilePart } from '../test/multipart';
import { APP_TABLES, checksumTables } from './table-checksum';

/** A field left out of the body. */
export const MISSING = Symbol('missing');
export type Bad = Record<string, fc.Arbitrary<unknown>>;

export const tooLong = (max: number) => fc.integer({ min: max + 1, max: max + 300 }).map((n) => 'x'.repeat(n));
export const blank = fc.constantFrom('', '   ', '\t\n');
export const notString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  fc.constant({ $ne: '' }),
);
export const requiredText = (max: number) => fc.oneof(blank, tooLong(max), notString, fc.constant(MISSING));
/**
 * Form routes (multipart, or JSON read like a form) take numbers as their text, and the listing form
 * booleans too; what is not text there is null, a list or an object, which the form reader drops.
 */
export const formNotString = fc.oneof(
  fc.constant(null),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  fc.constant({ $ne: '' }),
);
export const formRequiredText = (max: number) => fc.oneof(blank, tooLong(max), formNotString, fc.constant(MISSING));
/** A string with the NUL character somewhere in it: PostgreSQL cannot store it in text. */
export const withNul = fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`);
export const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '😀'.repeat(50),
    '${7*7}',
    '{{7*7}}',
  ),
);
/** Path ids that name no record: any text, and well-formed ids no row has. */
export const unknownId = fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.uuid());

/** A copy of `valid` with at least one field of `bad` corrupted, some valid fields dropped or noised. */
export function badRecord(
  valid: Record<string, unknown>,
  bad: Bad,
  options: { noise?: boolean } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(bad);
  return fc
    .record({
      corrupt: fc.subarray(keys, { minLength: 1 }),
      values: fc.record(bad),
      extra: options.noise
        ? fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), junkString, { maxKeys: 3 })
        : fc.constant({}),
    })
    .map(({ corrupt, values, extra }) => {
      const out: Record<string, unknown> = { ...extra, ...valid };
      for (const key of corrupt) {
        const value = values[key];
        if (value === MISSING) delete out[key];
        else out[key] = value;
      }
      return out;
    });
}

/** Only bad values present as non-blank text: a PATCH reads a blank or absent field as "unchanged". */
export const presentText = (bad: Bad) =>
  Object.fromEntries(Object.entries(bad).map(([k, arb]) => [k, arb.filter((v) => typeof v === 'string' && v.trim() !== '')]));

/** Only the bad values a form can carry: text, or the field left out. */
export const stringOnly = (bad: Bad) =>
  Object.fromEntries(Object.entries(bad).map(([k, arb]) => [k, arb.filter((v) => typeof v === 'string' || v === MISSING)]));

export function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.append(k, String(v));
  return search.toString();
}

/** Multipart text fields: every value as a string (objects as JSON). */
export function asFields(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

export const json =
  (method: InjectOptions['method'], url: string, auth: Record<string, string> = {}) =>
  (payload: unknown) =>
    ({
      method,
      url,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    }) as InjectOptions;

/** A multipart/form-data request: the generated fields as text (see `asFields`), then the files. */
export const form =
  (method: InjectOptions['method'], url: string, auth: Record<string, string> = {}) =>
  (fields: Record<string, unknown>, files: readonly FilePart[] = []) => {
    const body = multipart(asFields(fields), [...files]);
    return { method, url, headers: { ...auth, ...body.headers }, payload: body.payload } as InjectOptions;
  };

/** `images` file parts: up to three of junk bytes (at least `minJunk`), after `good` (a real photo) or not. */
export const junkPhotos = (good: Buffer, minJunk = 0): fc.Arbitrary<FilePart[]> =>
  fc
    .tuple(fc.array(fc.uint8Array({ minLength: 1, maxLength: 2048 }), { minLength: minJunk, maxLength: 3 }), fc.boolean())
    .map(([junk, withGood]) =>
      [...(withGood ? [good] : []), ...junk.map((j) => Buffer.from(j))].map((data, i) => ({
        name: 'images',
        filename: `d${i}.png`,
        contentType: 'image/png',
        data,
      })),
    );

/** A GET of `url` with the generated query string. */
export const get =
  (url: string, auth: Record<string, string> = {}) =>
  (params: Record<string, unknown>) =>
    ({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${query(params)}`, headers: auth }) as InjectOptions;

/** Every table of the app's schema (the first suite's and every module's since): none may change. */
export async function everyTable(context: TestContext): Promise<string[]> {
  const result = await context.database.db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const rows = (result as unknown as { rows?: { name: string }[] }).rows ?? (result as unknown as { name: string }[]);
  return rows.map((r) => r.name);
}

export interface FuzzerOptions {
  /** The tables that must not change (the first fuzz suite's tables when absent). */
  tables?: readonly string[] | ((ctx: TestContext) => Promise<readonly string[]>);
  seed?: number;
}

/**
 * `fuzz(name, runs, requests)` sends `runs` generated requests to the app `context()` gives: each must be a
 * 4xx with the error envelope, refused before the database, and no table may change. `sent()` counts them.
 */
export function createFuzzer(context: () => TestContext, options: FuzzerOptions = {}) {
  let total = 0;
  async function fuzz(name: string, runs: number, requests: fc.Arbitrary<InjectOptions>) {
    const ctx = context();
    const tables = typeof options.tables === 'function' ? await options.tables(ctx) : (options.tables ?? APP_TABLES);
    const before = await checksumTables(ctx.database.db, tables);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const res = await ctx.app.inject(request);
        total += 1;
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode < 400 || res.statusCode >= 500) {
          throw new Error(
            `${name}: ${res.statusCode} for ${request.method} ${request.url} ${String(request.payload ?? '').slice(0, 300)}\n${res.body.slice(0, 300)}`,
          );
        }
        const body = JSON.parse(res.body) as Record<string, unknown>;
        if (
          body.status !== 'ERROR' ||
          body.statusCode !== res.statusCode ||
          typeof body.message !== 'string' ||
          body.message === ''
        ) {
          throw new Error(`${name}: not the error envelope: ${res.body.slice(0, 300)}`);
        }
        // The database's refusal is the last line: the edge (schemas, input guard) must have said no first.
        if (body.message === UNSTORABLE_VALUE_MESSAGE) {
          throw new Error(`${name}: reached the database before being refused: ${request.method} ${request.url}`);
        }
      }),
      { numRuns: runs, seed: options.seed ?? 20261121, endOnFailure: true },
    );
    expect(await checksumTables(ctx.database.db, tables), `${name}: rows changed`).toEqual(before);
    return Object.fromEntries(seen);
  }
  return { fuzz, sent: () => total };
}

/** The statuses that refuse the caller (the access rules, a rate limit), not what the caller sent. */
const CALLER_REFUSALS = ['401', '403', '429'];

/**
 * `createFuzzer`, where every refusal must be the input's: a request refused for its caller has not
 * reached the checks being fuzzed. `allow` names the caller statuses a route gives bad input itself
 * (an e-mailed link's forged token is refused 403).
 */
export function createInputFuzzer(context: () => TestContext, options: FuzzerOptions = {}) {
  const fuzzer = createFuzzer(context, options);
  async function fuzz(name: string, runs: number, requests: fc.Arbitrary<InjectOptions>, allow: readonly number[] = []) {
    const seen = await fuzzer.fuzz(name, runs, requests);
    const byCaller = Object.entries(seen).filter(([status]) => CALLER_REFUSALS.includes(status) && !allow.includes(Number(status)));
    expect(byCaller, `${name}: refused for the caller, not the input`).toEqual([]);
    return seen;
  }
  return { fuzz, sent: fuzzer.sent };
}
