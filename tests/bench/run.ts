// `npm run bench [name ...]`: runs every scenario in tests/bench (files *.bench.ts), or the named
// ones, each in its own process so one scenario's heap and JIT state do not colour the next.
// Scenarios print their own figures; compare ratios within one run (the machines are noisy).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const wanted = process.argv.slice(2);
const selected = wanted.length ? all.filter((f) => wanted.some((w) => f.startsWith(w))) : all;
if (!selected.length) {
  console.error(
    `No scenario matches ${wanted.join(' ')}. Scenarios: ${all.map((f) => f.replace('.bench.ts', '')).join(', ')}`,
  );
  process.exit(1);
}
let failed = 0;
for (const file of selected) {
  console.log(`\n=== ${file.replace('.bench.ts', '')} ===`);
  // --expose-gc: scenarios that report memory (search-index) take their heap figure after a full gc.
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(dir, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
