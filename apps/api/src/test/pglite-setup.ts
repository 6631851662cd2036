import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrateJobs } from '../infra/jobs';
import { openDatabase } from '../db/client';

/**
 * Global setup of the PGlite pass: a new embedded database costs its initdb and the migrations (seconds
 * of CPU in every test file); made and migrated once here, its data folder is saved as a tar that each
 * test process's databases start from (see test-databases.ts). Deleted at the end of the run.
 */
export async function setup(project: TestProject) {
  const file = path.join(os.tmpdir(), `dealer-pglite-template-${randomBytes(6).toString('hex')}.tar`);
  const handle = await openDatabase({});
  try {
    await handle.migrate([migrateJobs]);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}
