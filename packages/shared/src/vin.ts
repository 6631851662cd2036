/**
 * Vehicle identification numbers (ISO 3779): 17 characters, digits and capital letters but I, O and Q
 * (read as 1 and 0). The 9th character is the check digit of North America's rule (49 CFR 565), which
 * makers everywhere use on cars sold there: each character's value times its position's weight, summed,
 * modulo 11, with 10 written X.
 */
export const VIN_LENGTH = 17;

export const VIN_MESSAGES = {
  length: 'VIN must be 17 characters',
  characters: 'VIN can contain only letters and digits',
  ioq: 'VIN cannot contain the letters I, O or Q',
  checkDigit: 'VIN check digit (9th character) does not match: check the VIN for a typo',
} as const;
export type VinProblem = keyof typeof VIN_MESSAGES;

const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]+$/;

/** A VIN as typed or pasted: capitals, without the spaces and dashes people group it with. */
export function normalizeVin(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** The check digit a 17-character VIN of allowed characters should carry ('0'-'9' or 'X'). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i]!;
    const value = c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : (LETTER_VALUES[c] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** What is wrong with a (normalized) VIN, or null when it is valid. */
export function vinProblem(vin: string): VinProblem | null {
  if (vin.length !== VIN_LENGTH) return 'length';
  if (/[IOQ]/.test(vin)) return 'ioq';
  if (!VIN_CHARACTERS.test(vin)) return 'characters';
  return vinCheckDigit(vin) === vin[8] ? null : 'checkDigit';
}

export const isValidVin = (value: string) => vinProblem(normalizeVin(value)) === null;

/** What a visitor is shown of a VIN: its last six characters (the maker's serial number). */
export const VIN_VISIBLE_CHARACTERS = 6;
export const vinLastCharacters = (vin: string) => vin.slice(-VIN_VISIBLE_CHARACTERS);
