import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { Engine } from '../../server/db/database';
import { createDatabase, dropDatabase } from './postgres';
import { scratchRoot } from './scratch';

/** Engines the integration suites run on: PGlite always, PostgreSQL when CI sets TEST_DATABASE_URL. */
export function testEngines(): Engine[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabaseConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  cleanup(): Promise<void>;
}

/** A private copy of the seeded template database for one test file. */
export async function copyTemplate(engine: Engine): Promise<TestDatabaseConfig> {
  const dataDir = fs.mkdtempSync(path.join(scratchRoot(), 'pd-test-'));
  if (engine === 'pglite') {
    fs.cpSync(path.join(inject('pgliteTemplate'), 'pg'), path.join(dataDir, 'pg'), { recursive: true });
    return {
      dataDir,
      databaseUrl: undefined,
      cleanup: () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const template = inject('postgresTemplate');
  const base = process.env.TEST_DATABASE_URL;
  if (!template || !base) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `pd_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const databaseUrl = await createDatabase(base, name, template);
  return {
    dataDir,
    databaseUrl,
    cleanup: async () => {
      await dropDatabase(base, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
