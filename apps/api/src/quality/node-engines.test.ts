import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// semver comes with the toolchain (npm's own range rules); it ships no types, so the two calls are typed here.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));

describe('installed packages run on the Node version the README promises', () => {
  it('every locked package that declares engines.node accepts the oldest supported Node', () => {
    // `npm install` warns (EBADENGINE) for any package whose engines exclude the Node we promise.
    const oldestNode = semver.minVersion(readJson('package.json').engines.node as string)!.version;
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([location]) => location.includes('node_modules/'))
      .flatMap(([location, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return range && !semver.satisfies(oldestNode, range) ? [`${location}@${entry.version} wants node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
