import { defineConfig } from 'vitest/config';

// Three projects: unit (pure, fast), integration (real server on a real database) and e2e (real
// headless Chromium against the built app). `npm test` runs all three.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          // Unit tests wait on nothing outside the process: a timeout only catches a hang. The
          // property tests are bounded CPU work (10,000 carts take ~2 s idle, ~9 s beside another
          // npm test on 2 cores), so the default 5 s made them fail by load, not by a bug.
          testTimeout: 30_000,
          // Files share their worker's modules instead of importing them again per file: 742 tests
          // took 80 s and ~99 CPU-s isolated, 24 s and ~29 CPU-s shared (passing alike, and in three
          // shuffled file orders). Stubbed globals and spies are undone after every test, so one
          // file's stubs never reach another's. docs/decisions/toolchain.md "CI time, 2026-11-29".
          isolate: false,
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: ['tests/support/global-setup.ts'],
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Files of one worker share its module cache instead of importing the whole server again
          // (an import took ~3 s of a file's time; half of the phase's wall time went to it). Every
          // file still has its own database copy and its own server; state that must not outlive a
          // database is keyed by the database handle (server/sync/pull-packed.ts). docs/decisions/toolchain.md
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['tests/support/global-setup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          // Fails a test on any Content-Security-Policy violation (tests/e2e/support/csp-guard.ts).
          setupFiles: ['tests/e2e/support/setup.ts'],
          environment: 'node',
          // The server processes of browser files run V8's baseline WebAssembly compiler only: a
          // server lives for one file and runs light queries, so compiling PGlite's 9 MB of
          // WebAssembly to optimised code cost it more than it won (~2.6 s of CPU less per browser
          // file, ~50 servers a run). The shop's server and the benchmarks keep V8's defaults.
          // docs/decisions/toolchain.md "CI time, 2026-11-28".
          env: { SERVER_NODE_ARGS: ['--liftoff-only', process.env.SERVER_NODE_ARGS].filter(Boolean).join(' ') },
          // expect.poll waits for the page to get somewhere (the app started, a toast shown). Its
          // 1 s default is a guess about speed, not a rule of the app: beside another npm test on
          // 2 cores a cold page start takes longer, and CI failed two tests on it. A real hang still
          // fails, after 10 s.
          expect: { poll: { timeout: 10_000 } },
          // A hang detector, not a speed rule: the longest flows (a dozen adds on the product page
          // online then offline) took 42-60 s on 2 cores under a heavy load, and failed at 60 s.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
        },
      },
    ],
    coverage: {
      provider: 'v8',
      // Per run under `npm test` (scripts/test.mjs): vitest empties this directory when it starts,
      // which would delete the raw coverage of another run beside this one.
      reportsDirectory: process.env.COVERAGE_DIR ?? './coverage',
      include: ['src/domain/**/*.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { 'src/domain/**/*.ts': { lines: 95 } },
    },
  },
});
