// `npm test`: the static checks and unit tests at once (scripts/run-parallel.mjs), then the
// integration tests, then the browser tests — the order CI's time budget was measured in
// (docs/decisions/toolchain.md "CI time, 2026-11-28").
//
// Everything a run writes lives in its own directory, .tmp/test-run-<pid>/: the client build the
// browser tests serve (PD_BUILD_DIR for the build, E2E_DIST for the tests) and the raw unit
// coverage (COVERAGE_DIR). A second `npm test` beside this one, in the same checkout, would
// otherwise empty dist/ while this run's servers serve it, or delete this run's coverage files
// (docs/decisions/toolchain.md "Two test runs in one checkout"). The directory goes when the run ends.
//
// The integration run seeds the template databases and bundles the server once; the browser run
// uses them (PD_SHARED_TEMPLATES, tests/support/global-setup.ts) instead of seeding again, and this
// script removes them at the end (docs/decisions/toolchain.md "CI CPU, 2026-11-28 evening").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runDir = path.join(root, '.tmp', `test-run-${process.pid}`);
const env = {
  ...process.env,
  PD_BUILD_DIR: path.join(runDir, 'dist'),
  E2E_DIST: path.join(runDir, 'dist'),
  COVERAGE_DIR: path.join(runDir, 'coverage'),
  PD_SHARED_TEMPLATES: path.join(runDir, 'templates.json'),
};
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const steps = [
  [
    process.execPath,
    [path.join(root, 'scripts', 'run-parallel.mjs'), 'typecheck', 'lint', 'build:quiet', 'test:unit:coverage'],
  ],
  [process.execPath, [vitest, 'run', '--project', 'integration']],
  [process.execPath, [vitest, 'run', '--project', 'e2e']],
];

let child = null;
/** The shared templates and server bundle (named in templates.json), then the run directory. */
async function cleanUp() {
  let shared = null;
  try {
    shared = JSON.parse(fs.readFileSync(env.PD_SHARED_TEMPLATES, 'utf8'));
  } catch {
    // no integration run got as far as seeding
  }
  if (shared) {
    fs.rmSync(shared.pgliteTemplate, { recursive: true, force: true });
    fs.rmSync(path.dirname(shared.serverEntry), { recursive: true, force: true });
    if (shared.postgresTemplate && shared.databaseUrl) {
      const { default: pg } = await import('pg');
      const admin = new URL(shared.databaseUrl);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      try {
        await client.connect();
        await client.query(`drop database if exists "${shared.postgresTemplate}" with (force)`);
      } catch (err) {
        console.error(`npm test: could not drop the template database ${shared.postgresTemplate}: ${err.message}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }
  fs.rmSync(runDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child?.kill(signal);
    void cleanUp().finally(() => process.exit(130));
  });
}

let code = 0;
try {
  fs.mkdirSync(runDir, { recursive: true });
  for (const [cmd, args] of steps) {
    code = await new Promise((resolve) => {
      child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
      child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    });
    child = null;
    if (code !== 0) break;
  }
} finally {
  await cleanUp();
}
process.exit(code);
