// `node scripts/run-parallel.mjs typecheck lint ...`: runs the named npm scripts at once (npm test's
// checks are independent and each leaves a core idle), prints each one's output when it ends, and
// fails if any failed. Keeps CI under its time budget on a 2-core machine.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (!names.length) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> ...');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (code) => {
          const secs = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`\n> ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${secs} s\n${out}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
