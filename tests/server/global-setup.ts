// Once per run of the server suite, on PostgreSQL (DATABASE_URL): one migrated database that every
// test file's own database is copied from (`create database … template`, a file copy inside the
// server) instead of running every migration again per file. Dropped when the run ends; its name is
// random, so runs side by side (or of other checkouts) on one server never share it.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/server/db/create-db';
import { migrateToLatest } from '../../src/server/db/migrate';
import { adminQuery } from './admin-query';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database test files copy on PostgreSQL; '' on PGlite. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) {
    project.provide('postgresTemplate', '');
    return undefined;
  }
  const name = `labdesk_test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const drop = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await createDb({ databaseUrl: url.toString(), dataDir: '', timezone: 'Europe/Vienna' }, { maxConnections: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      // A template takes no connections: the copies are refused while one is open.
      await handle.close();
    }
  } catch (err) {
    await drop();
    throw err;
  }
  project.provide('postgresTemplate', name);
  return drop;
}
