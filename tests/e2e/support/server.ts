import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Engine, type OpenDatabase } from '../../../server/db/database';
import { copyTemplate, type TestDatabaseConfig } from '../../support/engines';
import { runServerOnFreePort, type ServerProcess } from '../../support/process';

// E2E_DIST serves another build than dist/ (helpers building in parallel keep theirs apart).
const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', '..', 'dist');

export interface E2EServer {
  server: ServerProcess;
  db: TestDatabaseConfig;
  close(): Promise<void>;
}

/**
 * The engine most browser tests run on. A browser test checks what the device and the screen do;
 * what the server does on each engine is the integration tests' job (they run every call on PGlite
 * and PostgreSQL). docs/decisions/toolchain.md "Browser tests on one engine".
 */
export const BROWSER_ENGINES: readonly Engine[] = ['pglite'];

/**
 * Engines a browser test runs on when the engine is part of what it tests: PGlite always,
 * PostgreSQL too when TEST_DATABASE_URL is set (CI) — the order numbers two tablets draw at once.
 */
export function e2eEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
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
  const db = await copyTemplate(opts.engine ?? 'pglite');
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
  // The simulated distributor answers quickly and never fails unless a test asks (DISTRIBUTOR_FAILURE_RATE).
  const start = () =>
    runServerOnFreePort((port) => ({
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl ?? '',
      STATIC_DIR: dist,
      SKIP_BUILD: '1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DISTRIBUTOR_LATENCY_MS: '20',
      DISTRIBUTOR_FAILURE_RATE: '0',
      ...opts.env,
    }));
  // A server that did not start leaves no database copy behind (in /dev/shm, memory).
  const server = await start().catch(async (err: unknown) => {
    await db.cleanup();
    throw err;
  });
  if (server.proc.exitCode !== null) {
    await db.cleanup();
    throw new Error(`server failed to start: ${server.stderr()}`);
  }
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
