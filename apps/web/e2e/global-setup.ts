import path from 'node:path';
import { prepareTemplate, templateReady, TEMPLATE_DIR } from './server';

/**
 * Prepares the demo data every worker's server copies (see server.ts). `npm test` prepares it while the
 * unit tests run and says so with E2E_TEMPLATE_PREPARED=1; otherwise each run starts from a new one.
 */
export default function globalSetup() {
  if (process.env.E2E_TEMPLATE_PREPARED === '1' && templateReady()) return;
  const begin = Date.now();
  prepareTemplate();
  console.log(`e2e: demo data prepared in ${TEMPLATE_DIR} in ${((Date.now() - begin) / 1000).toFixed(0)} s`);
}

// `npx tsx apps/web/e2e/global-setup.ts` prepares the data without running a test: `npm test` does it
// while the unit tests run.
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) globalSetup();
