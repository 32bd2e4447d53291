// `npm run typecheck`: every TypeScript project, strictly, with src and server checked once.
//
// tests/tsconfig.json includes src, sync and server (the tests import them), so `tsc -p tests`
// checked all of them again after `tsc -p tsconfig.json` and `tsc -p server` had: half of the type
// check's CPU. Here the browser project (src, sync) and the server project (server, src/domain,
// src/contracts) are built as project references that emit declarations only, and the tests project
// is checked against those declarations: each source file is checked by exactly the projects it was
// checked by before, minus the tests project's second pass over src and server.
// docs/decisions/toolchain.md "CI CPU, 2026-11-28 evening".
//
// The build configurations and their outputs are written to a directory of this process
// (.tmp/typecheck-<pid>/), removed at the end: two runs in one checkout never read each other's
// half-written declarations (docs/decisions/toolchain.md "Two test runs in one checkout"). The
// checked-in tsconfig files stay as they are (editors, `tsc -p` by hand).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const dir = path.join(root, '.tmp', `typecheck-${process.pid}`);

/** A referenced project: the checked-in one, emitting declarations into this run's directory. */
const reference = (name, tsconfig, more = {}) => ({
  extends: path.join(root, tsconfig),
  ...more,
  compilerOptions: {
    composite: true,
    noEmit: false,
    emitDeclarationOnly: true,
    rootDir: root,
    outDir: path.join(dir, name),
    tsBuildInfoFile: path.join(dir, `${name}.tsbuildinfo`),
  },
});

/**
 * The files of sw/ that src and sync import (shared constants and message types, written for every
 * TS lib). `tsc -p tsconfig.json` pulls them in through the imports; a referenced project must list
 * every file it compiles, so the browser project names them.
 */
function swFilesImported() {
  const found = new Set();
  const scan = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) scan(p);
      else if (/\.tsx?$/.test(e.name))
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/from '((?:\.\.\/)+sw\/[\w./-]+)'/g))
          found.add(path.resolve(path.dirname(p), m[1]) + '.ts');
    }
  };
  for (const d of ['src', 'sync']) scan(path.join(root, d));
  return [...found].filter((f) => fs.existsSync(f)).sort();
}

const configs = {
  'web.json': reference('web', 'tsconfig.json', {
    include: [path.join(root, 'src'), path.join(root, 'sync'), ...swFilesImported()],
  }),
  'server.json': reference('server', 'server/tsconfig.json'),
  // Only the tests' own files: what they import from src, sync and server comes from the two
  // projects above (their declarations), already checked there.
  'tests.json': {
    extends: path.join(root, 'tests', 'tsconfig.json'),
    include: [path.join(root, 'tests')],
    references: [{ path: path.join(dir, 'web.json') }, { path: path.join(dir, 'server.json') }],
  },
};

const run = (args) => spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' }).status ?? 1;

let code = 1;
try {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, config] of Object.entries(configs)) fs.writeFileSync(path.join(dir, name), JSON.stringify(config));
  const steps = [
    ['-b', path.join(dir, 'web.json'), path.join(dir, 'server.json')],
    ['-p', path.join(dir, 'tests.json')],
    ['-p', 'tsconfig.config.json'],
    ['-p', 'sw'],
  ];
  code = 0;
  for (const args of steps) {
    code = run(args);
    if (code !== 0) break;
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
