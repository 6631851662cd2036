import { describe, expect, it } from 'vitest';
import { VIN_MESSAGES, isValidVin, normalizeVin, vinCheckDigit, vinLastCharacters, vinProblem } from './vin';
import { vinSchema } from './schemas/vin';

// VINs of real cars, as printed on them (each with its check digit in place 9).
const REAL_VINS = [
  '1M8GDM9AXKP042788', // a 1989 Motor Coach Industries coach: the check digit X (a remainder of 10)
  '1HGCM82633A004352', // a 2003 Honda Accord
  'JH4KA7561PC008269', // a 1993 Acura Legend
  '1GNEK13ZX3R298984', // a 2003 Chevrolet Tahoe
  '1FAFP40634F172825', // a 2004 Ford Mustang
];

describe('VIN check digit', () => {
  it.each(REAL_VINS)('accepts the real VIN %s', (vin) => {
    expect(vinProblem(vin)).toBeNull();
    expect(isValidVin(vin)).toBe(true);
  });

  it('computes X for a remainder of 10 and 1 for all ones', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it.each(REAL_VINS)('refuses %s with any other check digit', (vin) => {
    for (const digit of '0123456789X') {
      if (digit === vin[8]) continue;
      expect(vinProblem(vin.slice(0, 8) + digit + vin.slice(9))).toBe('checkDigit');
    }
  });

  it('catches a single mistyped character', () => {
    // One character changed (8 for B): the check digit no longer matches.
    expect(vinProblem('1M8GDM9AXKP042787')).toBe('checkDigit');
    expect(vinProblem('1HGCM82633A004353')).toBe('checkDigit');
  });

  it('refuses I, O and Q, other characters and wrong lengths, each with its own message', () => {
    expect(vinProblem('1M8GDM9AXKP04278')).toBe('length');
    expect(vinProblem('1M8GDM9AXKP0427888')).toBe('length');
    expect(vinProblem('')).toBe('length');
    expect(vinProblem('1M8GDM9AXKPO42788')).toBe('ioq');
    expect(vinProblem('IM8GDM9AXKP042788')).toBe('ioq');
    expect(vinProblem('1M8GDM9AXKP04278Q')).toBe('ioq');
    expect(vinProblem('1M8GDM9AXKP04278*')).toBe('characters');
    expect(vinProblem('1M8GDM9AXKP04278É')).toBe('characters');
  });

  it('reads lower case, spaces and dashes as the VIN they group', () => {
    expect(normalizeVin(' 1m8gdm9axkp042788 ')).toBe('1M8GDM9AXKP042788');
    expect(normalizeVin('1M8-GDM9AX-KP042788')).toBe('1M8GDM9AXKP042788');
    expect(isValidVin('1m8 gdm9ax kp042788')).toBe(true);
  });

  it('shows visitors the last six characters', () => {
    expect(vinLastCharacters('1M8GDM9AXKP042788')).toBe('042788');
  });
});

describe('vinSchema', () => {
  const messageOf = (value: unknown) => {
    const result = vinSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('answers the VIN normalized', () => {
    expect(vinSchema.parse('1m8gdm9axkp042788')).toBe('1M8GDM9AXKP042788');
  });

  it('names what is wrong', () => {
    expect(messageOf('1M8GDM9AXKP04278')).toBe(VIN_MESSAGES.length);
    expect(messageOf('1M8GDM9AXKPO42788')).toBe(VIN_MESSAGES.ioq);
    expect(messageOf('1M8GDM9AXKP04278#')).toBe(VIN_MESSAGES.characters);
    expect(messageOf('1M8GDM9A1KP042788')).toBe(VIN_MESSAGES.checkDigit);
    expect(messageOf(42)).toBe(VIN_MESSAGES.length);
  });
});
