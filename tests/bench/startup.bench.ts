// Fresh `npm start` to the first 200 on /healthz, demo data included (5,000 parts by default):
// a new empty DATA_DIR, the client build already present (as after the first start).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/process';

const root = path.resolve(import.meta.dirname, '..', '..');
const parts = process.env.DEMO_PARTS ?? '5000';

async function once(): Promise<{ firstMs: number; restartMs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-start-'));
  const run = async () => {
    const port = await freePort();
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(port),
        DEMO_PARTS: parts,
        LOG_LEVEL: 'warn',
        BACKUP_EVERY_HOURS: '0',
      },
      stdio: 'ignore',
    });
    for (;;) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (r.status === 200) break;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error('server exited during start');
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - t0;
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
    return ms;
  };
  try {
    const firstMs = await run();
    const restartMs = await run();
    return { firstMs, restartMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('Build the client first: npm run build');
  process.exit(1);
}
const r = await once();
console.log(`fresh start with ${parts} demo parts to first 200 on /healthz: ${(r.firstMs / 1000).toFixed(1)} s`);
console.log(`restart on the same data (no seeding):                      ${(r.restartMs / 1000).toFixed(1)} s`);
