// Scratch databases for the db suites: a fresh temp directory for PGlite, and for PostgreSQL (only
// when TEST_DATABASE_URL is set) a `pd_dbtest_<random>` database dropped afterwards. Never the
// database named in TEST_DATABASE_URL itself.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const pgUrl = process.env.TEST_DATABASE_URL || undefined;

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'pd-'));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

function withPath(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withPath(url, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ScratchDb {
  url: string;
  drop(): Promise<void>;
}

export async function scratchPostgres(base: string): Promise<ScratchDb> {
  const name = `pd_dbtest_${randomBytes(6).toString('hex')}`;
  await admin(base, `create database "${name}"`);
  return { url: withPath(base, name), drop: () => admin(base, `drop database if exists "${name}" with (force)`) };
}
