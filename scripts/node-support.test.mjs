import { describe, expect, it } from 'vitest';
import { nodeSupport } from './node-support.mjs';

describe('nodeSupport', () => {
  it('stops on a Node.js older than the build needs, naming the versions to install', () => {
    for (const version of ['18.20.4', '20.18.1', '21.7.3', '22.11.0']) {
      expect(nodeSupport(version).error).toBe(
        `Apex Motors needs Node.js 22 or 24 (LTS); 20.19 or newer still works; this is Node.js ${version}. Install Node.js 24 LTS (https://nodejs.org) and run npm start again.`,
      );
    }
  });

  it('runs on Node.js 20.19+ with a notice that its life has ended', () => {
    expect(nodeSupport('20.19.0')).toEqual({
      notice: 'Node.js 20 reached its end of life in April 2026: Apex Motors still runs on 20.19.0, but please move to Node.js 22 or 24 LTS.',
    });
  });

  it('says nothing on the LTS lines 22 and 24, and notes a newer release that CI does not test', () => {
    expect(nodeSupport('22.12.0')).toEqual({});
    expect(nodeSupport('24.11.1')).toEqual({});
    expect(nodeSupport('25.1.0')).toEqual({ notice: 'Apex Motors is tested on Node.js 22 and 24 LTS; this is Node.js 25.1.0.' });
  });
});
