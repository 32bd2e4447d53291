// `npm test`: the static checks and unit tests at once (scripts/run-parallel.mjs), then the
// integration tests, then the browser tests — the order CI's time budget was measured in
// (docs/decisions/toolchain.md "CI time, 2026-11-28").
//
// Everything a run writes lives in its own directory, .tmp/test-run-<pid>/: the client build the
// browser tests serve (PD_BUILD_DIR for the build, E2E_DIST for the tests) and the raw unit
// coverage (COVERAGE_DIR). A second `npm test` beside this one, in the same checkout, would
// otherwise empty dist/ while this run's servers serve it, or delete this run's coverage files
// (docs/decisions/toolchain.md "Two test runs in one checkout"). The directory goes when the run ends.
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
const cleanUp = () => fs.rmSync(runDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child?.kill(signal);
    cleanUp();
    process.exit(130);
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
  cleanUp();
}
process.exit(code);
