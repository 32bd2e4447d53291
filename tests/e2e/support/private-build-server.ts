import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyTemplate, type TestDatabaseConfig } from '../../support/engines';
import { runServer, type ServerProcess } from '../../support/process';

// E2E_DIST serves another build than dist/ (helpers building in parallel keep theirs apart).
const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', '..', 'dist');

export interface PrivateBuildServer {
  server: ServerProcess;
  db: TestDatabaseConfig;
  /** This server's own copy of dist/: a test may change files in it ("deploy" a new version). */
  staticDir: string;
  close(): Promise<void>;
}

/**
 * Like startE2EServer, but serving a private copy of the client build, so a test can deploy a
 * changed file (a new sw.js) without touching dist/ that other test files serve.
 */
export async function startPrivateBuildServer(): Promise<PrivateBuildServer> {
  if (!fs.existsSync(path.join(dist, 'sw.js')))
    throw new Error('dist/sw.js is missing: run `npx vite build` first (npm test does)');
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-dist-'));
  fs.cpSync(dist, staticDir, { recursive: true });
  const db = await copyTemplate('pglite');
  const server = await runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '', STATIC_DIR: staticDir, SKIP_BUILD: '1' });
  if (server.proc.exitCode !== null) throw new Error(`server failed to start: ${server.stderr()}`);
  return {
    server,
    db,
    staticDir,
    async close() {
      await server.stop();
      await db.cleanup();
      fs.rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** "Deploys" a new service worker: same precache list, different bytes, so the browser installs it. */
export function deployNewServiceWorker(staticDir: string, label: string): void {
  fs.appendFileSync(path.join(staticDir, 'sw.js'), `\n// ${label}\n`);
}
