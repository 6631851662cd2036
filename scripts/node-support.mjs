// Which Node.js versions the product runs on: the LTS lines 22 and 24, which CI tests, and 20 from 20.19
// on (past its end of life, still working). The lower bounds are the build's (Vite and Rolldown need 20.19
// or 22.12); 21 is refused by them. `engines` in package.json says the same.

export const SUPPORTED_NODE = 'Node.js 22 or 24 (LTS); 20.19 or newer still works';

/**
 * What `npm start` says about a Node.js version (`process.versions.node`): `error` stops it, `notice` is
 * printed and it goes on, and nothing is said for a supported LTS.
 */
export function nodeSupport(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const tooOld = `Apex Motors needs ${SUPPORTED_NODE}; this is Node.js ${version}. Install Node.js 24 LTS (https://nodejs.org) and run npm start again.`;
  if (major < 20 || (major === 20 && minor < 19) || major === 21 || (major === 22 && minor < 12)) return { error: tooOld };
  if (major === 20)
    return { notice: `Node.js 20 reached its end of life in April 2026: Apex Motors still runs on ${version}, but please move to Node.js 22 or 24 LTS.` };
  if (major === 22 || major === 24) return {};
  return { notice: `Apex Motors is tested on Node.js 22 and 24 LTS; this is Node.js ${version}.` };
}
