/**
 * The server as ONE prebuilt file for the tests that start it as a process (browser tests,
 * multi-process and kill tests). Through tsx every start compiles the server's ~600 modules again:
 * about 4 s of CPU each, paid some sixty times per `npm test` on a 2-core machine. esbuild bundles
 * the same sources once per run (about a second); dependencies stay external, so the process runs
 * the very packages `npm start` runs. docs/decisions/toolchain.md "One server bundle per test run".
 *
 * The bundle lives under the project's `.tmp/` (gitignored) so that Node resolves its packages from
 * the project's node_modules; the directory is per run (pid), so two `npm test` side by side never
 * share or delete each other's file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..', '..');

export async function buildServerBundle(): Promise<{ entry: string; remove(): void }> {
  const dir = path.join(root, '.tmp', `server-bundle-${process.pid}`);
  const entry = path.join(dir, 'main.mjs');
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return { entry, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
