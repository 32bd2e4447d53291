/**
 * A demo-seeded PGlite data directory per part count, kept under the OS temp folder between bench
 * runs: seeding 200,000 parts takes minutes, the download being measured takes less. The cached
 * copy is never served directly: each run works on a fresh copy, so sessions, sync clients and
 * backups of one run never reach the next.
 *
 * Must stay true: a cache directory counts only once `ready` exists in it, written after the
 * server finished seeding and closed cleanly; an interrupted seed leaves no `ready` and is redone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminUrl, createDatabase, dropDatabase } from '../../support/postgres';
import { runServer, type ServerProcess } from '../../support/process';

/** Where the seeded copy of `parts` demo parts is kept (BENCH_CACHE_DIR moves it). */
export function seedCacheDir(parts: number): string {
  return path.join(process.env.BENCH_CACHE_DIR ?? os.tmpdir(), `pd-bench-seeded-${parts}`);
}

/** Seeds the cached directory once (through the real server's first start) and returns it. */
export async function seededDataDir(parts: number, log: (line: string) => void): Promise<string> {
  const dir = seedCacheDir(parts);
  if (fs.existsSync(path.join(dir, 'ready'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log(`seeding ${parts} demo parts into ${dir} (first run only)`);
  const t0 = performance.now();
  const srv = await runServer({ DATA_DIR: dir, DATABASE_URL: '', DEMO_PARTS: String(parts) }, 1_800_000);
  const code = srv.proc.exitCode;
  if (code !== null) throw new Error(`seeding server exited ${code}: ${srv.stderr().trim().split('\n').pop() ?? ''}`);
  await srv.stop();
  fs.writeFileSync(path.join(dir, 'ready'), `${new Date().toISOString()}\n`);
  log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return dir;
}

export interface CopiedServer {
  server: ServerProcess;
  /** Stops the server and removes the copy. */
  stop(): Promise<void>;
}

/** The real server on a private copy of the seeded directory, serving `staticDir`. */
export async function serveSeededCopy(
  parts: number,
  staticDir: string,
  log: (line: string) => void,
  env: Record<string, string> = {},
): Promise<CopiedServer> {
  const cached = await seededDataDir(parts, log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-copy-'));
  fs.cpSync(path.join(cached, 'pg'), path.join(dir, 'pg'), { recursive: true });
  try {
    const server = await runServer(
      { DATA_DIR: dir, DATABASE_URL: '', DEMO_DATA: '0', STATIC_DIR: staticDir, SKIP_BUILD: '1', ...env },
      300_000,
    );
    if (server.proc.exitCode !== null)
      throw new Error(`server exited: ${server.stderr().trim().split('\n').pop() ?? ''}`);
    return {
      server,
      async stop() {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The same for PostgreSQL: a database `pd_bench_seeded_<parts>` seeded once through the real
 * server's first start (minutes at 200,000 parts) and marked ready by its comment; each run serves
 * a copy made from it as a template (CREATE DATABASE ... TEMPLATE), dropped on stop.
 */
export async function serveSeededPostgres(
  base: string,
  parts: number,
  log: (line: string) => void,
  env: Record<string, string> = {},
): Promise<CopiedServer> {
  const template = `pd_bench_seeded_${parts}`;
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  try {
    const found = await admin.query<{ ready: string | null }>(
      `select shobj_description(oid, 'pg_database') as ready from pg_database where datname = $1`,
      [template],
    );
    if (!found.rows[0]?.ready?.startsWith('ready')) {
      await dropDatabase(base, template);
      log(`seeding ${parts} demo parts into PostgreSQL database ${template} (first run only)`);
      const t0 = performance.now();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-pgseed-'));
      try {
        const url = await createDatabase(base, template);
        const srv = await runServer({ DATA_DIR: dir, DATABASE_URL: url, DEMO_PARTS: String(parts) }, 1_800_000);
        if (srv.proc.exitCode !== null)
          throw new Error(`seeding server exited: ${srv.stderr().trim().split('\n').pop() ?? ''}`);
        await srv.stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      await admin.query(`comment on database "${template}" is 'ready ${new Date().toISOString()}'`);
      log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await admin.end();
  }
  const name = `pd_bench_copy_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const url = await createDatabase(base, name, template);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-copy-'));
  const cleanup = async () => {
    await dropDatabase(base, name);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const server = await runServer({ DATA_DIR: dir, DATABASE_URL: url, DEMO_DATA: '0', ...env }, 300_000);
    if (server.proc.exitCode !== null)
      throw new Error(`server exited: ${server.stderr().trim().split('\n').pop() ?? ''}`);
    return {
      server,
      async stop() {
        await server.stop();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
