import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate, type TestDatabaseConfig } from '../../support/engines';
import { runServer, type ServerProcess } from '../../support/process';

describe('server process on the embedded database', () => {
  let db: TestDatabaseConfig;
  let first: ServerProcess;

  beforeAll(async () => {
    db = await copyTemplate('pglite');
    first = await runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '' });
  });
  afterAll(async () => {
    await first?.stop();
    await db?.cleanup();
  });

  it('starts and answers /healthz', async () => {
    const r = await fetch(`${first.url}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ok', engine: 'pglite' });
  });

  it('refuses a second server on the same data dir with one clear line, first server unharmed', async () => {
    const second = await runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '' });
    expect(await second.exited).toBe(1);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(db.dataDir);
    expect(lines[0]).toMatch(/in use/);
    expect(lines[0]).toContain(String(first.proc.pid));
    const login = await fetch(`${first.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cashier', password: 'cashier' }),
    });
    expect(login.status).toBe(200);
  });

  it('npm run backup while the server runs asks the server and prints the file it wrote', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts'], {
      cwd: path.resolve(import.meta.dirname, '..', '..', '..'),
      env: { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status).toBe(0);
    const file = /backup: wrote (\S+)/.exec(r.stdout)?.[1];
    expect(file).toBeDefined();
    expect(fs.statSync(file!).size).toBeGreaterThan(1_000_000);
  });

  it('closes gracefully on SIGTERM, releases the lock, and restarts on the same data without re-seeding', async () => {
    const customersBefore = await (await fetch(`${first.url}/api/products/?limit=1`)).json();
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(`${db.dataDir}/pg.lock`)).toBe(false);
    expect(fs.existsSync(`${db.dataDir}/server.pid`)).toBe(false);
    first = await runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '' });
    expect(first.stdout()).not.toContain('demo data');
    const after = await (await fetch(`${first.url}/api/products/?limit=1`)).json();
    expect(after.total_items).toBe(customersBefore.total_items);
  });
});

describe('server process start-up failures', () => {
  it('stops with one clear line when PostgreSQL cannot be reached', async () => {
    const srv = await runServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nowhere' });
    expect(await srv.exited).toBe(1);
    const lines = srv.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PostgreSQL/);
    expect(lines[0]).toContain('127.0.0.1:1');
    expect(lines[0]).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('stops with one clear line on a malformed DATABASE_URL', async () => {
    const srv = await runServer({ DATABASE_URL: 'not a url' });
    expect(await srv.exited).toBe(1);
    expect(srv.stderr().trim().split('\n')).toHaveLength(1);
  });

  it('stops with one clear line when the data dir cannot be created', async () => {
    // A path below a regular file can never become a directory.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-file-'));
    try {
      const file = path.join(dir, 'not-a-dir');
      fs.writeFileSync(file, 'x');
      const srv = await runServer({ DATA_DIR: `${file}/data`, DATABASE_URL: '' });
      expect(await srv.exited).toBe(1);
      const lines = srv.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${file}/data`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads demo data and history on the first start only', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-fresh-'));
    try {
      let srv = await runServer({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO_PARTS: '150' });
      expect(srv.stdout()).toMatch(/demo data: 150 parts/);
      // A fresh install shows a shop at work: 90 days of sales at its three stores, the next days'
      // bookings, purchase orders (how many sales depends on the weekdays in those 90 days).
      const history = /demo history: (\d+) orders, \d+ appointments, \d+ purchase orders/.exec(srv.stdout());
      expect(Number(history?.[1])).toBeGreaterThan(1000);
      const before = await (await fetch(`${srv.url}/api/products/?limit=1`)).json();
      expect(before.total_items).toBeGreaterThan(100);
      expect(await srv.stop()).toBe(0);
      srv = await runServer({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO_PARTS: '150' });
      expect(srv.stdout()).not.toMatch(/demo data/);
      expect((await (await fetch(`${srv.url}/api/products/?limit=1`)).json()).total_items).toBe(before.total_items);
      expect(await srv.stop()).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two server starts, the first migrating and seeding a whole demo shop with 90 days of history:
    // it ran past 60 s with another npm test beside this one on 2 cores. A hang detector, not a
    // speed rule (the start-up figures are tests/bench/startup.bench.ts's).
  }, 180_000);
});
