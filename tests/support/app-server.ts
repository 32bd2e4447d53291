import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Engine, type OpenDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { copyTemplate } from './engines';

export interface TestServer {
  app: FastifyInstance;
  open: OpenDatabase;
  url: string;
  close(): Promise<void>;
}

export const FAKE_ASSET = '/assets/app-Ab12Cd34.js';
export const FAKE_ASSET_TEXT = `export const greeting = ${JSON.stringify('parts '.repeat(400))};\n`;

/** A minimal shell so SPA-fallback tests do not depend on a client build. */
function fakeShell(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-shell-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Partsdesk</title><div id="root"></div>');
  // A hashed asset with the compressed siblings the build writes (vite.config.ts precompress()).
  fs.mkdirSync(path.join(dir, 'assets'));
  const asset = path.join(dir, 'assets', FAKE_ASSET.slice('/assets/'.length));
  fs.writeFileSync(asset, FAKE_ASSET_TEXT);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(FAKE_ASSET_TEXT));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(FAKE_ASSET_TEXT));
  return dir;
}

/** The real app on a private copy of the seeded database, listening on a free loopback port. */
export async function startTestServer(
  engine: Engine,
  opts: { loginLimitPerMinute?: number; logStream?: { write(line: string): void } } = {},
): Promise<TestServer> {
  const cfg = await copyTemplate(engine);
  const open = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
  await migrateToLatest(open.db);
  const staticDir = fakeShell();
  const app = await buildApp({
    db: open.db,
    engine: open.engine,
    staticDir,
    sessionTtlMs: 3_600_000,
    secureCookies: false,
    logLevel: opts.logStream ? 'info' : 'warn',
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    loginLimitPerMinute: opts.loginLimitPerMinute ?? 1000,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    open,
    url: address,
    async close() {
      await app.close();
      await open.close();
      await cfg.cleanup();
      fs.rmSync(staticDir, { recursive: true, force: true });
    },
  };
}
