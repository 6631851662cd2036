import { z } from 'zod';

/** PostgreSQL cannot store the NUL character in text: it is refused with the other field errors. */
export const NUL_CHARACTER_MESSAGE = 'Must not contain the NUL character.';

export const hasNoNulCharacter = (value: string) => !value.includes('\u0000');

/** A string the database can store: every free-text field starts from this instead of `z.string()`. */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
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
