/**
 * What the command-line tools share with the server: where the database is (DATA_DIR /
 * DATABASE_URL, same defaults as server/config.ts) and how they fail (one line, exit code 1).
 */
import path from 'node:path';
import type { DbConfig } from '../db/database';

export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): DbConfig {
  return { dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'), databaseUrl: env.DATABASE_URL || undefined };
}

export function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The value after `--name` in argv, or undefined. */
export function flag(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) fail(`Missing value after --${name}`);
  return v;
}

export function errorLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
}
