// Builds ONE seeded database per engine before the integration and e2e projects run; each test
// file then gets its own copy (a directory copy for PGlite, CREATE DATABASE ... TEMPLATE on
// PostgreSQL), so files stay isolated without paying for migrations and demo data every time.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { seedDemoData } from '../../server/db/demo/generate';
import { migrateToLatest } from '../../server/db/migrate';
import { adminUrl, createDatabase, dropDatabase } from './postgres';
import { SERVER_ENTRY_ENV } from './process';
import { scratchRoot } from './scratch';
import { buildServerBundle } from './server-bundle';

export const TEST_PARTS = 400;

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(scratchRoot(), 'pd-template-'));
  // Both projects get a PostgreSQL template when TEST_DATABASE_URL is set: most browser tests run on
  // PGlite, but the ones that must hold on both engines (e2eEngines()) copy it instead of migrating
  // and seeding a database each.
  const url = process.env.TEST_DATABASE_URL;
  const pgTemplate = url ? `pd_tpl_${process.pid}_${Date.now()}` : null;
  // Both engines are seeded at once: PGlite works in this process, PostgreSQL in its own.
  // The server processes tests start run one bundle built here (./server-bundle.ts); the test
  // workers are started after this setup and inherit the variable.
  const bundle = process.env[SERVER_ENTRY_ENV] ? null : await buildServerBundle();
  if (bundle) process.env[SERVER_ENTRY_ENV] = bundle.entry;
  await Promise.all([
    (async () => {
      const open = await openDatabase({ dataDir: dir });
      await migrateToLatest(open.db);
      await seedDemoData(open.db, { parts: TEST_PARTS });
      await open.close();
    })(),
    (async () => {
      if (!url || !pgTemplate) return;
      const tplUrl = await createDatabase(url, pgTemplate);
      const pg = await openDatabase({ dataDir: dir, databaseUrl: tplUrl });
      await migrateToLatest(pg.db);
      await seedDemoData(pg.db, { parts: TEST_PARTS });
      await pg.close();
    })(),
  ]);
  project.provide('pgliteTemplate', dir);
  project.provide('postgresTemplate', pgTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (bundle) {
      bundle.remove();
      delete process.env[SERVER_ENTRY_ENV];
    }
    if (url && pgTemplate) await dropDatabase(adminUrl(url), pgTemplate);
  };
}
