import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrateJobs } from '../infra/jobs';
import { openDatabase } from '../db/client';
import { adminQuery, databaseName, databaseUrl, quoteIdentifier } from './postgres-admin';

/**
 * Global setup of the PostgreSQL pass: migrates one template database for this run, which every test
 * database is then copied from (CREATE DATABASE ... TEMPLATE), and drops all of this run's databases
 * at the end. The run's own prefix keeps two runs on one server apart.
 */
export async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('The api-postgres project needs TEST_DATABASE_URL');
  const prefix = `${databaseName(baseUrl)}_${randomBytes(4).toString('hex')}_`;
  const template = `${prefix}template`;
  await adminQuery(baseUrl, `CREATE DATABASE ${quoteIdentifier(template)}`);
  const handle = await openDatabase({ url: databaseUrl(baseUrl, template), poolSize: 1 });
  try {
    await handle.migrate([migrateJobs]);
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', { prefix, template });

  return async () => {
    const databases = await adminQuery<{ datname: string }>(
      baseUrl,
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of databases)
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(datname)} WITH (FORCE)`);
  };
}
