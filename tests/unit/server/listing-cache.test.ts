/**
 * The listing reply cache's parts (server/services/catalog/listing-cache.ts, server/http/cached-json.ts;
 * docs/decisions/server.md "Listing replies cached per process"): a stamp read is never one that
 * began before the caller asked, an entry lives while its stamp matches and within the TTL, a
 * failed build is not kept, replies are frozen, and the encoding is the one @fastify/compress picks.
 */
import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../../server/http/cached-json';
import { FreshRead, ListingCache } from '../../../server/services/catalog/listing-cache';

/** A read the test finishes by hand, counting how many began. */
function manualReads() {
  const pending: ((v: number) => void)[] = [];
  let started = 0;
  const fn = () =>
    new Promise<number>((resolve) => {
      started++;
      pending.push(resolve);
    });
  return { fn, pending, started: () => started };
}

/** Lets every promise callback queued so far run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('FreshRead', () => {
  it('never answers with a read that began before the call; callers meanwhile share the next one', async () => {
    const r = manualReads();
    const reads = new FreshRead(r.fn);
    const first = reads.read();
    expect(r.started()).toBe(1);
    // Asked while read 1 runs: read 1 may predate a commit these callers came after.
    const second = reads.read();
    const third = reads.read();
    expect(r.started()).toBe(1);
    r.pending[0]!(1);
    expect(await first).toBe(1);
    await settled();
    expect(r.started()).toBe(2);
    // Asked while read 2 runs: they wait for read 3, not read 2.
    const fourth = reads.read();
    r.pending[1]!(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    await settled();
    expect(r.started()).toBe(3);
    r.pending[2]!(3);
    expect(await fourth).toBe(3);
  });

  it('starts afresh once nothing runs, and a failed read fails only its own callers', async () => {
    let n = 0;
    const reads = new FreshRead(() => (++n === 1 ? Promise.reject(new Error('down')) : Promise.resolve(n)));
    await expect(reads.read()).rejects.toThrow('down');
    expect(await reads.read()).toBe(2);
    expect(await reads.read()).toBe(3);
  });
});

describe('ListingCache', () => {
  const build =
    <T>(value: T) =>
    () =>
      Promise.resolve(value);

  it('serves an entry while its stamp matches and within the TTL, else builds again', async () => {
    const cache = new ListingCache<{ v: number }>(1000);
    const a = await cache.get('k', 's1', 0, build({ v: 1 }));
    expect(await cache.get('k', 's1', 999, build({ v: 2 }))).toBe(a);
    expect((await cache.get('k', 's2', 999, build({ v: 3 }))).v).toBe(3);
    expect((await cache.get('k', 's2', 999 + 1000, build({ v: 4 }))).v).toBe(4);
    expect((await cache.get('other', 's2', 2000, build({ v: 5 }))).v).toBe(5);
  });

  it('shares one build between concurrent misses and keeps no failed one', async () => {
    const cache = new ListingCache<{ v: number }>(1000);
    let builds = 0;
    const slow = () => new Promise<{ v: number }>((resolve) => setTimeout(() => resolve({ v: ++builds }), 5));
    const [x, y] = await Promise.all([cache.get('k', 's', 0, slow), cache.get('k', 's', 1, slow)]);
    expect(x).toBe(y);
    expect(builds).toBe(1);
    await expect(cache.get('bad', 's', 0, () => Promise.reject(new Error('db')))).rejects.toThrow('db');
    expect((await cache.get('bad', 's', 1, build({ v: 9 }))).v).toBe(9);
  });

  it('freezes what it serves, deep, so no caller can change another caller`s reply', async () => {
    const cache = new ListingCache<{ products: { price: string }[] }>(1000);
    const reply = await cache.get('k', 's', 0, build({ products: [{ price: '1.00' }] }));
    expect(() => {
      reply.products[0]!.price = '0.01';
    }).toThrow(TypeError);
  });

  it('keeps at most its limit, dropping the oldest', async () => {
    const cache = new ListingCache<{ v: number }>(1000, 2);
    for (const k of ['a', 'b', 'c']) await cache.get(k, 's', 0, build({ v: 1 }));
    expect(cache.size).toBe(2);
    const again = await cache.get('a', 's', 0, build({ v: 2 }));
    expect(again.v).toBe(2);
  });
});

describe('pickEncoding', () => {
  it('chooses as @fastify/compress does: br first, gzip next, by quality', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('br;q=0, *')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
