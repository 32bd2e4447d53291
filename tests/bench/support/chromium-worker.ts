/**
 * The built sync worker (dist/assets/worker-*.js, sync/worker.ts) in real headless Chromium, driven
 * the way the app drives it: a same-origin page starts it as a module Worker and calls its
 * SyncWorkerApi over comlink's message protocol ({id, type: 'APPLY', path, argumentList} ->
 * {id, type: 'RAW', value}). No test hook in the product: the page is a static file of the real
 * server (robots.txt), the worker and its IndexedDB are the production ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../../e2e/support/browser';

export const distDir = process.env.BENCH_DIST ?? path.resolve(import.meta.dirname, '..', '..', '..', 'dist');

/** The newest built sync worker, as a URL path, or null when dist/ has none. */
export function builtWorker(): { urlPath: string; file: string; builtAt: Date } | null {
  const dir = path.join(distDir, 'assets');
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^worker-.*\.js$/.test(f))
    .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtime }))
    .sort((a, b) => b.t.getTime() - a.t.getTime());
  const top = files[0];
  return top ? { urlPath: `/assets/${top.f}`, file: path.join(dir, top.f), builtAt: top.t } : null;
}

export interface ChromiumDevice {
  browser: Browser;
  page: Page;
  version: string;
  /** Calls one SyncWorkerApi method in the page and returns its result. */
  call(method: string, args: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

declare global {
  interface Window {
    __benchCall?: (method: string, args: unknown[]) => Promise<unknown>;
    /** performance.now() just before the worker's init() was sent. */
    __benchInitAt?: number;
  }
}

export interface ChromiumDeviceOptions {
  /** Run (and require) the first sync before returning; default true. */
  firstSync?: boolean;
  /** The worker's IndexedDB database; default 'partsdesk-bench'. */
  dbName?: string;
  /** Runs before the worker starts (routes, request listeners on page.context()). */
  prepare?: (page: Page) => Promise<void>;
  /** More Chromium flags (a `--remote-debugging-port` for a CPU profile, ./cpu-profile.ts). */
  args?: readonly string[];
}

/**
 * Opens a page on the server's origin, signs in, starts the built worker and runs its first sync.
 * With `firstSync: false` it returns as soon as init() was sent: the worker's engine starts its
 * first cycle (the initial download) on its own, for the caller to time.
 */
export async function chromiumDevice(
  baseUrl: string,
  workerPath: string,
  user: string,
  password: string,
  opts: ChromiumDeviceOptions = {},
): Promise<ChromiumDevice> {
  const browser = await launchBrowser({ networkLink: false, args: opts.args ?? [] });
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/robots.txt`);
    await opts.prepare?.(page);
    await page.evaluate(
      async ({ workerPath, user, password, dbName }) => {
        const res = await fetch('/api/session', {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ username: user, password }),
        });
        if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
        const session = (await res.json()) as { csrfToken: string; user?: { id: string; role: string } };
        const me =
          session.user ??
          (
            (await (await fetch('/api/session', { headers: { accept: 'application/json' } })).json()) as {
              user: { id: string; role: string };
            }
          ).user;
        const worker = new Worker(workerPath, { type: 'module', name: 'partsdesk-sync-bench' });
        // No named function expressions in here: tsx's keepNames would wrap them in a __name() the page lacks.
        const waiting = new Map<
          string,
          { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
        >();
        let seq = 0;
        worker.addEventListener(
          'message',
          (ev: MessageEvent<{ id?: string; type: string; value: unknown; name?: string }>) => {
            const m = ev.data;
            const w = m.id ? waiting.get(m.id) : undefined;
            if (!w || !m.id) return;
            waiting.delete(m.id);
            clearTimeout(w.timer);
            if (m.type === 'RAW') w.resolve(m.value);
            else w.reject(new Error(`worker threw: ${JSON.stringify(m.value)}`));
          },
        );
        window.__benchCall = (method, args) =>
          new Promise((resolve, reject) => {
            const id = `bench-${++seq}`;
            // A worker that never answers (failed to load, another comlink wire format) must not hang the bench.
            const timer = setTimeout(() => {
              waiting.delete(id);
              reject(new Error(`worker did not answer ${method} within 120 s`));
            }, 120_000);
            waiting.set(id, { resolve, reject, timer });
            worker.postMessage({
              id,
              type: 'APPLY',
              path: [method],
              argumentList: args.map((value) => ({ type: 'RAW', value })),
            });
          });
        window.__benchInitAt = performance.now();
        await window.__benchCall('init', [{ baseUrl: location.origin, dbName }]);
        await window.__benchCall('setSession', [{ user: { id: me.id, role: me.role }, csrfToken: session.csrfToken }]);
      },
      { workerPath, user, password, dbName: opts.dbName ?? 'partsdesk-bench' },
    );
    const call = (method: string, args: unknown[]) =>
      page.evaluate(({ method, args }) => window.__benchCall!(method, args), { method, args });
    if (opts.firstSync !== false) {
      const first = await call('syncNow', []);
      if (first !== 'ok') throw new Error(`chromium device first sync: ${String(first)}`);
    }
    return { browser, page, version: browser.version(), call, close: () => browser.close() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** Replays `calls` through the worker's mutate(), timing each round trip in the page (performance.now()). */
export async function timeMutations(
  d: ChromiumDevice,
  calls: { name: string; args: unknown }[],
): Promise<{ latencies: number[]; refused: number }> {
  return d.page.evaluate(async (calls) => {
    const latencies: number[] = [];
    let refused = 0;
    for (const c of calls) {
      const t0 = performance.now();
      const r = (await window.__benchCall!('mutate', [c.name, c.args])) as { ok: boolean };
      latencies.push(performance.now() - t0);
      if (!r.ok) refused++;
    }
    return { latencies, refused };
  }, calls);
}
