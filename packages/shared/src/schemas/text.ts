import { z } from 'zod';

/** PostgreSQL cannot store the NUL character in text: it is refused with the other field errors. */
export const NUL_CHARACTER_MESSAGE = 'Must not contain the NUL character.';

export const hasNoNulCharacter = (value: string) => !value.includes('\u0000');

/**
 * Characters that show nothing yet change what a reader sees or compares: bidi embeddings, overrides,
 * isolates and marks (U+202E shows the rest of a title mirrored), zero-width spaces and joiners, the
 * word joiner and invisible operators, the soft hyphen, the Mongolian vowel separator and the
 * byte-order mark. They arrive pasted from web pages more often than typed; titles, names and makes
 * never need them.
 */
const INVISIBLE_CONTROLS = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** The text without invisible controls: stripped rather than refused, as the writer cannot see them. */
export const withoutInvisibleControls = (value: string) => value.replace(INVISIBLE_CONTROLS, '');

/** Free text as a form field holds it: invisible controls stripped, then trimmed. */
export const cleanText = (value: string) => withoutInvisibleControls(value).trim();

/**
 * A string the database can store, with its invisible controls stripped (before `.trim()` and the
 * length checks, so text made only of them is blank): every free-text field starts from this instead
 * of `z.string()`. Secrets (passwords) keep every character: see `storableSecret`.
 */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(withoutInvisibleControls).refine(hasNoNulCharacter, NUL_CHARACTER_MESSAGE);

/** A secret is compared as typed, every character kept; only the NUL character is refused. */
export const storableSecret = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNulCharacter, NUL_CHARACTER_MESSAGE);

/** The range of a PostgreSQL `integer` column, for numbers a query compares with one. */
export const INTEGER_COLUMN_MIN = -2_147_483_648;
export const INTEGER_COLUMN_MAX = 2_147_483_647;

const wholeNumber = () => z.coerce.number({ error: 'Must be a whole number' }).int('Must be a whole number');

/**
 * A whole-number query parameter: blank or absent takes the fallback (or stays absent); anything else
 * must be a whole number within the bounds `range` puts on it.
 */
export const wholeNumberParam = (
  fallback: number | undefined,
  range: (value: ReturnType<typeof wholeNumber>) => ReturnType<typeof wholeNumber>,
) => z.preprocess((v) => (v === '' || v === undefined ? fallback : v), range(wholeNumber()).optional());
