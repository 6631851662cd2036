import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '@/components/ui/button';
import { withOverrides } from './class-overrides';

const SRC = path.resolve(__dirname, '..');
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}
const code = sources(SRC).map((file) => readFileSync(file, 'utf8'));

/** Every class-like word in a string literal of the app's source. */
const vocabulary = [
  ...new Set(
    code.flatMap((text) =>
      [...text.matchAll(/(['"`])([^'"`\n]*)\1/g)].flatMap((match) => match[2]!.split(/\s+/)).filter((word) => /^[!-]?[a-z[][\w[\]&=:./%()#,-]*$/.test(word)),
    ),
  ),
];

/** The components' own classes: first arguments of withOverrides, and every button. */
const VARIANTS = ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link', 'light'] as const;
const SIZES = ['sm', 'md', 'lg', 'icon'] as const;
const buttons = VARIANTS.flatMap((variant) => SIZES.map((size) => buttonVariants({ variant, size })));
const owns = [
  ...buttons,
  ...code.flatMap((text) => [...text.matchAll(/withOverrides\(\s*['`]([^'`$]*)/g)].map((match) => match[1]!.trim())),
].filter(Boolean);
const ownWords = [...new Set(owns.flatMap((own) => own.split(' ')))];

describe('withOverrides', () => {
  it('finds the components and the classes it is checked against', () => {
    expect(owns.length).toBeGreaterThan(30);
    expect(vocabulary.length).toBeGreaterThan(500);
  });

  it('leaves a component’s own classes as they are: none undoes another', () => {
    for (const own of owns) expect(twMerge(own), own).toBe(own);
  });

  it('decides as tailwind-merge for any own class against any class in the source', () => {
    const differences: string[] = [];
    for (const own of ownWords) {
      for (const word of vocabulary) {
        const expected = twMerge(own, word);
        const actual = withOverrides(own, word);
        if (actual !== expected) differences.push(`${own} + ${word} -> ${expected}, not ${actual}`);
      }
    }
    expect(differences).toEqual([]);
  }, 60_000); // some 100 000 pairs

  it('puts the caller’s classes last and drops the own ones they override', () => {
    expect(withOverrides('inline-flex size-9 px-3 text-sm text-slate-800', 'size-11 p-2 text-lg', false)).toBe('inline-flex text-slate-800 size-11 p-2 text-lg');
    expect(withOverrides('bg-white hover:bg-slate-50', 'hover:bg-white/10')).toBe('bg-white hover:bg-white/10');
    expect(withOverrides('py-12', undefined)).toBe('py-12');
  });
});
