/**
 * A new device's first sync from a prebuilt snapshot (sync/snapshot.ts through sync/pull.ts
 * pullAll): the file's lines are stored with the download figures, the cookie becomes the
 * snapshot's version only after the end line, and the pull continues from there; a file cut short
 * or unreadable falls back to the plain pull from 0 over dropped rows; a network failure part-way
 * is a retry with the cookie still 0; nothing offered is the plain pull. The byte stream splitter
 * gives the same lines wherever the network's reads cut the bytes.
 */
import { describe, expect, it } from 'vitest';
import type { RowChange } from '../../../src/contracts/sync-pull';
import { getMeta } from '../../../src/db/meta';
import { productRow } from '../../../src/db/product-chunks';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { pullAll, type PulledPage } from '../../../sync/pull';
import { domainRegistry } from '../../../sync/registry';
import { linesOf as splitLines, type SnapshotLines } from '../../../sync/snapshot';
import type { Transport } from '../../../sync/transport';
import { freshDb, uuid } from './support';

const product = (id: number, version: number, name = `P${id}`): RowChange => ({
  table: 'products',
  key: String(id),
  version,
  row: { product_id: id, name, price: '10.00' },
});
const line = (changes: RowChange[]) => JSON.stringify({ changes });
const SNAP = { url: '/sync/snapshot/6-5-x.ndjson.gz', version: 5, rows: 5, parts: 5, bytes: 100 };

/** The server: the snapshot offer (or 404), and pull pages by cookie (`pulls` logs the cookies asked). */
function server(offer: boolean, pages: Record<number, RowChange[]>, pulls: number[]): Transport {
  return (req) => {
    if (req.path.startsWith('/sync/snapshot?'))
      return Promise.resolve(offer ? { status: 200, body: { snapshot: SNAP } } : { status: 404, body: null });
    const cookie = Number(/cookie=(\d+)/.exec(req.path)![1]);
    pulls.push(cookie);
    const changes = pages[cookie] ?? [];
    const last = changes.at(-1)?.version ?? cookie;
    return Promise.resolve({
      status: 200,
      body: { cookie: Math.max(last, 6), lastMutationId: 0, changes, more: false, remaining: 0 },
    });
  };
}

function linesOf(lines: string[], failAfter?: number): SnapshotLines {
  return async function* () {
    for (const [i, l] of lines.entries()) {
      if (i === failAfter) throw new Error('connection reset');
      await Promise.resolve();
      yield l;
    }
  };
}

function run(transport: Transport, lines: SnapshotLines, seen: PulledPage[] = [], progress: number[][] = []) {
  const db = freshDb(`snap-${uuid()}`);
  const out = pullAll(db, transport, {
    clientId: uuid(),
    limit: 1000,
    initialLimit: 20_000,
    registry: domainRegistry,
    settings: () => defaultStoreSettings,
    snapshot: lines,
    onPage: (p) => seen.push(p),
    onProgress: (done, remaining) => progress.push([done, remaining]),
  });
  return { db, out };
}

const FILE = [
  line([product(1, 1), product(2, 2), product(3, 3)]),
  line([product(4, 4), product(5, 5)]),
  JSON.stringify({ end: true, version: 5, rows: 5 }),
];

describe('first sync from a snapshot', () => {
  it('stores the lines with figures, moves the cookie to its version at the end, then pulls from there', async () => {
    const pulls: number[] = [];
    const seen: PulledPage[] = [];
    const progress: number[][] = [];
    const { db, out } = run(server(true, { 5: [product(6, 6)] }, pulls), linesOf(FILE), seen, progress);
    expect((await out).kind).toBe('done');
    expect(pulls).toEqual([5]);
    for (const id of [1, 2, 3, 4, 5, 6]) expect((await productRow(db, id))?.name).toBe(`P${id}`);
    expect(progress.slice(0, 2)).toEqual([
      [3, 2],
      [5, 0],
    ]);
    // A mirror sees one unbroken chain: a fresh start, continued lines at cookie 0, the version, the pull.
    expect(seen.map((p) => [p.cleared, p.continues ?? false, p.after, p.cookie])).toEqual([
      [true, false, 0, 0],
      [false, true, 0, 0],
      [false, true, 0, 5],
      [false, false, 5, 6],
    ]);
    expect(await getMeta(db, 'cookie')).toBe(6);
    expect(await getMeta(db, 'fullPullDone')).toBe(true);
    expect(await getMeta(db, 'initialDownload')).toBeNull();
  });

  it('a file cut short is never taken for whole: the plain pull from 0 starts over dropped rows', async () => {
    const pulls: number[] = [];
    const { db, out } = run(server(true, { 0: [product(1, 1)] }, pulls), linesOf(FILE.slice(0, 1)));
    expect((await out).kind).toBe('done');
    expect(pulls).toEqual([0]);
    expect(await productRow(db, 1)).toBeDefined();
    expect(await productRow(db, 2)).toBeUndefined(); // stored from the cut file, dropped
    expect(await getMeta(db, 'fullSync')).toBe(false);
  });

  it('an end line that does not match what was read is the same as cut short', async () => {
    const pulls: number[] = [];
    const bad = [...FILE.slice(0, 2), JSON.stringify({ end: true, version: 5, rows: 9 })];
    const { db, out } = run(server(true, { 0: [product(1, 1)] }, pulls), linesOf(bad));
    expect((await out).kind).toBe('done');
    expect(pulls).toEqual([0]);
    expect(await productRow(db, 4)).toBeUndefined();
  });

  it('a network failure part-way is a retry with nothing taken for stored', async () => {
    const pulls: number[] = [];
    const { db, out } = run(server(true, {}, pulls), linesOf(FILE, 1));
    expect((await out).kind).toBe('retry');
    expect(pulls).toEqual([]);
    expect(await getMeta(db, 'cookie')).toBe(0);
    // The next cycle takes the snapshot again from its first line.
    const again = await pullAll(db, server(true, { 5: [] }, pulls), {
      clientId: uuid(),
      limit: 1000,
      registry: domainRegistry,
      settings: () => defaultStoreSettings,
      snapshot: linesOf(FILE),
    });
    expect(again.kind).toBe('done');
    expect(pulls).toEqual([5]);
  });

  it('nothing offered (an older server): the plain pull from 0', async () => {
    const pulls: number[] = [];
    const { db, out } = run(server(false, { 0: [product(1, 1)] }, pulls), linesOf(FILE));
    expect((await out).kind).toBe('done');
    expect(pulls).toEqual([0]);
    expect(await productRow(db, 2)).toBeUndefined();
  });
});

/** `bytes` as a body read in pieces cut at `cuts` (ascending; equal cuts make empty reads). */
function body(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const bounds = [0, ...cuts, bytes.length];
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (i + 1 >= bounds.length) return ctrl.close();
      ctrl.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
      i++;
    },
  });
}

async function all(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const l of lines) out.push(l);
  return out;
}

describe('splitting the file into lines', () => {
  // Characters of 2, 3 and 4 bytes in UTF-8, an empty line, and a last line without its newline.
  const text = '{"a":"Ø€"}\n{"b":"𝄞 x"}\n\n{"c":1}';
  const bytes = new TextEncoder().encode(text);
  const want = ['{"a":"Ø€"}', '{"b":"𝄞 x"}', '', '{"c":1}'];

  it('gives the same lines wherever two reads cut the bytes: inside a line, a character, at a newline', async () => {
    for (let i = 0; i <= bytes.length; i++)
      for (let j = i; j <= bytes.length; j++) expect(await all(splitLines(body(bytes, [i, j])))).toEqual(want);
  });

  it('one byte per read; a final newline ends the last line (no empty line after it); onChunk per read', async () => {
    const withEnd = new TextEncoder().encode(text + '\n');
    let reads = 0;
    const cuts = Array.from({ length: withEnd.length - 1 }, (_, i) => i + 1);
    expect(await all(splitLines(body(withEnd, cuts), () => reads++))).toEqual(want);
    expect(reads).toBe(withEnd.length);
  });
});
