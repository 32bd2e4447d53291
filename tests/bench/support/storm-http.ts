/**
 * What one new device of the first-sync storm does over HTTP (tests/bench/first-sync-storm.bench.ts),
 * as the sync worker does it (sync/snapshot.ts, sync/pull.ts): GET /sync/snapshot, the snapshot
 * file (gzip, every byte read), then the pull from the snapshot's version until no page remains;
 * with no snapshot offered (mode 'pull') the whole pull from 0 in pages of 20,000 (500 first).
 * Devices store nothing: IndexedDB's side is the catalog-download bench's.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { DEVICE_SCHEMA } from '../../../src/db/database';

export type StormMode = 'snapshot' | 'pull';

export interface DeviceResult {
  /** Time to ready (ms from the storm's start); Infinity when cut off. */
  ms: number;
  bytes: number;
  pages: number;
  firstPageMs: number;
}

/** A GET over loopback: status, and the body's bytes as sent (gzip or br: not unpacked unless asked). */
export function get(
  base: string,
  p: string,
  cookie: string,
): Promise<{ status: number; bytes: number; json?: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      base + p,
      { headers: { cookie, 'accept-encoding': 'gzip', accept: 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const json = (res.headers['content-type'] ?? '').startsWith('application/json');
        res.on('data', (b: Buffer) => {
          bytes += b.length;
          if (json) chunks.push(b);
        });
        res.on('end', () => {
          if (!json) return resolve({ status: res.statusCode ?? 0, bytes });
          const buf = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(buf) : buf).toString('utf8');
          resolve({ status: res.statusCode ?? 0, bytes, json: JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** One new device's first sync, timed from `t0` (performance.now() of this process). */
export async function firstSync(
  base: string,
  cookie: string,
  t0: number,
  mode: StormMode,
  limitS: number,
): Promise<DeviceResult> {
  const clientId = randomUUID();
  let bytes = 0;
  let pages = 0;
  let cookieV = 0;
  let limit = 500;
  if (mode === 'snapshot') {
    const m = await get(base, `/sync/snapshot?schema=${DEVICE_SCHEMA}`, cookie);
    const snap = (m.json as { snapshot: { url: string; version: number } | null } | undefined)?.snapshot;
    if (m.status !== 200 || !snap) throw new Error(`no snapshot offered (HTTP ${m.status})`);
    const file = await get(base, snap.url, cookie);
    if (file.status !== 200) throw new Error(`snapshot file: HTTP ${file.status}`);
    bytes += file.bytes;
    cookieV = snap.version;
    limit = 20_000;
  }
  let firstPageMs = NaN;
  for (;;) {
    if (performance.now() - t0 > limitS * 1000) return { ms: Infinity, bytes, pages, firstPageMs };
    const r = await get(
      base,
      `/sync/pull?clientId=${clientId}&cookie=${cookieV}&limit=${limit}&pack=1&schema=${DEVICE_SCHEMA}`,
      cookie,
    );
    if (r.status !== 200) throw new Error(`pull: HTTP ${r.status}`);
    const page = r.json as { cookie: number; more: boolean };
    bytes += r.bytes;
    pages++;
    if (pages === 1) firstPageMs = performance.now() - t0;
    cookieV = page.cookie;
    limit = 20_000;
    if (!page.more) return { ms: performance.now() - t0, bytes, pages, firstPageMs };
  }
}
