import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Engine, type OpenDatabase } from '../../../server/db/database';
import { seedDemoData } from '../../../server/db/demo/generate';
import { migrateToLatest } from '../../../server/db/migrate';
import { copyTemplate, type TestDatabaseConfig } from '../../support/engines';
import { TEST_PARTS } from '../../support/global-setup';
import { createDatabase, dropDatabase } from '../../support/postgres';
import { freePort, runServer, type ServerProcess } from '../../support/process';

// E2E_DIST serves another build than dist/ (helpers building in parallel keep theirs apart).
const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', '..', 'dist');

export interface E2EServer {
  server: ServerProcess;
  db: TestDatabaseConfig;
  close(): Promise<void>;
}

/**
 * Engines a browser test runs on when it must hold on both: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set (CI). Most browser tests stay on PGlite (the template is built for it only).
 */
export function e2eEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A private seeded PostgreSQL database (no template is built for the browser tests: this one is
 * migrated and seeded here, with the integration template's catalog size).
 */
async function seededPostgres(): Promise<TestDatabaseConfig> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('a PostgreSQL browser test needs TEST_DATABASE_URL');
  const name = `pd_e2e_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const databaseUrl = await createDatabase(base, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-e2e-'));
  const open = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrateToLatest(open.db);
    await seedDemoData(open.db, { parts: TEST_PARTS });
  } finally {
    await open.close();
  }
  return {
    dataDir,
    databaseUrl,
    cleanup: async () => {
      await dropDatabase(base, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real server process serving the real client build on a private seeded database (PGlite unless asked). */
export async function startE2EServer(
  opts: {
    settings?: Record<string, unknown>;
    env?: Record<string, string>;
    engine?: Engine;
    /** Runs on the copied database before the server opens it (PGlite serves one process). */
    prepare?: (open: OpenDatabase) => Promise<void>;
  } = {},
): Promise<E2EServer> {
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const db = opts.engine === 'postgres' ? await seededPostgres() : await copyTemplate('pglite');
  if (opts.settings) await writeSettings(db, opts.settings);
  if (opts.prepare) {
    const open = await openDatabase({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
    try {
      await opts.prepare(open);
    } finally {
      await open.close();
    }
  }
  // Payment links need the shop's public address (server/config.ts PUBLIC_URL): here, this server's own.
  const port = await freePort();
  // The simulated distributor answers quickly and never fails unless a test asks (DISTRIBUTOR_FAILURE_RATE).
  const env = {
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl ?? '',
    STATIC_DIR: dist,
    SKIP_BUILD: '1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DISTRIBUTOR_LATENCY_MS: '20',
    DISTRIBUTOR_FAILURE_RATE: '0',
    ...opts.env,
  };
  const server = await runServer(env);
  if (server.proc.exitCode !== null) throw new Error(`server failed to start: ${server.stderr()}`);
  return {
    server,
    db,
    async close() {
      await server.stop();
      await db.cleanup();
    },
  };
}

/** Shop settings for this server's database, written before it starts (PGlite serves one process). */
async function writeSettings(db: TestDatabaseConfig, settings: Record<string, unknown>): Promise<void> {
  const open = await openDatabase({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
  try {
    for (const [key, value] of Object.entries(settings)) {
      await open.db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
  } finally {
    await open.close();
  }
}
