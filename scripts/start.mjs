// `npm start`: build the PWA when its build is missing or older than its sources, then run the
// server (TypeScript through tsx, see docs/decisions/toolchain.md). Signals are forwarded so Ctrl-C
// closes the database cleanly (and SIGHUP restarts WORKERS one by one, server/cluster.ts).
// Building needs the dev dependencies (vite). Without them (`npm ci --omit=dev`, the Docker image)
// the build in dist/ is served as it is: building is `npm run build`'s job, not every start's.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'dist', 'index.html');
const sources = [
  'src',
  'sync',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'package-lock.json',
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const canBuild = fs.existsSync(vite);
if (built === 0 && !canBuild) {
  console.error('client: no build in dist/ and no build tools installed: run `npm ci && npm run build` first');
  process.exit(1);
}
const latest = canBuild ? Math.max(...sources.map((s) => newest(path.join(root, s)))) : 0;
if (process.env.SKIP_BUILD !== '1' && canBuild && (built === 0 || latest > built)) {
  console.log(built === 0 ? 'client: no build yet, building...' : 'client: sources changed, rebuilding...');
  // The client, then the server's first-screen renderer (dist/ssr/, server/http/first-screen.ts), as `npm run build`.
  for (const args of [[], ['--ssr', 'src/app/ssr/first-screen.tsx']]) {
    const r = spawnSync(process.execPath, [vite, 'build', ...args, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) {
      console.error('client: build failed (see above)');
      process.exit(r.status ?? 1);
    }
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
