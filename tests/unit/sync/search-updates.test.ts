// Sync pulls change the catalog under a built index: upserts and tombstones must show at once,
// and compaction must not change any answer.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PartIndex } from '../../../sync/search/part-index';
import { createSearchHandlers } from '../../../sync/search/search-worker-api';
import type { SearchProductRow } from '../../../sync/search/types';

const row = (
  product_id: number,
  mpn: string,
  name: string,
  extra: Partial<SearchProductRow> = {},
): SearchProductRow => ({
  product_id,
  mpn,
  name,
  manufacturer_id: 1,
  manufacturer: 'Moog',
  categories: [{ category_id: 5, name: 'Ball Joints' }],
  ...extra,
});

const base = () => [
  row(1, 'K750155', 'Moog Ball Joint K750155'),
  row(2, 'K80026', 'Moog Ball Joint K80026'),
  row(3, 'ES3454', 'Moog Tie Rod End ES3454'),
];
const ids = (ix: PartIndex, q: string) => ix.query(q, { limit: 20 }).parts.map((p) => p.product_id);
/** Parts with every term in their name (all fixture rows share the category 'Ball Joints'). */
const named = (ix: PartIndex, q: string) =>
  ix
    .query(q, { limit: 20 })
    .parts.filter((p) => p.match === 'name')
    .map((p) => p.product_id);

describe('upsert and remove', () => {
  it('finds a new product by part number and words at once, in name order', () => {
    const ix = PartIndex.build(base());
    ix.upsert(row(4, '33-2304', 'Moog Ball Joint 33-2304'));
    expect(ix.query('33-2304').parts[0]).toMatchObject({ product_id: 4, match: 'part-number' });
    // Names: 'Moog Ball Joint 33-2304' sorts before the built 'Moog Ball Joint K...'.
    expect(named(ix, 'ball joint')).toEqual([4, 1, 2]);
  });

  it('replaces a changed product: the old part number and name no longer find it', () => {
    const ix = PartIndex.build(base());
    ix.upsert(row(1, 'K750160', 'Moog Control Arm K750160'));
    expect(ids(ix, 'K750155')).toEqual([]);
    expect(ids(ix, 'K750160')).toEqual([1]);
    expect(named(ix, 'ball joint')).toEqual([2]);
    expect(named(ix, 'control arm')).toEqual([1]);
    ix.upsert(row(1, 'K750161', 'Moog Control Arm K750161'));
    expect(named(ix, 'control arm')).toEqual([1]);
    expect(ix.stats().live).toBe(3);
  });

  it('drops a removed product from parts, totals and sections', () => {
    const ix = PartIndex.build(base());
    expect(ix.remove(3)).toBe(true);
    expect(ix.remove(3)).toBe(false);
    expect(ids(ix, 'ES3454')).toEqual([]);
    const r = ix.query('moog');
    expect(r.total).toBe(2);
    expect(r.brands).toEqual([{ id: 1, name: 'Moog', count: 2, nameMatches: true }]);
  });

  it('removes a product that was upserted after the build', () => {
    const ix = PartIndex.build(base());
    ix.upsert(row(9, 'X1', 'Moog Strut X1'));
    ix.remove(9);
    expect(ids(ix, 'strut')).toEqual([]);
  });

  it('never answers from the cache after a change', () => {
    const ix = PartIndex.build(base());
    expect(ids(ix, 'tie rod')).toEqual([3]);
    ix.remove(3);
    expect(ids(ix, 'tie rod')).toEqual([]);
    ix.upsert(row(3, 'ES3454', 'Moog Tie Rod End ES3454'));
    expect(ids(ix, 'tie rod')).toEqual([3]);
  });

  it('compacts past the delta limit without changing any answer', () => {
    const ix = PartIndex.build(base());
    for (let i = 0; i < 1500; i++) ix.upsert(row(100 + i, `BJ-${i}`, `Moog Ball Joint BJ-${i}`));
    ix.remove(2);
    const queries = ['ball', 'bj-1', 'BJ-149', 'k7', 'moog tie', 'ball joints'];
    const before = queries.map((q) => ix.query(q, { limit: 10 }));
    expect(ix.needsCompaction()).toBe(true);
    expect(ix.compactIfNeeded()).toBe(true);
    expect(ix.stats()).toMatchObject({ delta: 0, live: 1502, slots: 1502 });
    const after = queries.map((q) => ix.query(q, { limit: 10 }));
    after.forEach(({ tookMs: _a, ...r }, i) => {
      const { tookMs: _b, ...was } = before[i]!;
      expect(r, queries[i]).toEqual(was);
    });
  });
});

describe('property: updates against a model', () => {
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('upsert' as const),
      id: fc.integer({ min: 1, max: 12 }),
      n: fc.integer({ min: 0, max: 40 }),
    }),
    fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 12 }) }),
    fc.record({ kind: fc.constant('compact' as const) }),
  );

  it('every live product is found by its mpn ahead of other matches; removed ones are not found', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const model = new Map<number, SearchProductRow>(base().map((r) => [r.product_id, r]));
        const ix = PartIndex.build(model.values());
        for (const o of ops) {
          if (o.kind === 'upsert') {
            const r = row(o.id, `P-${o.id}-${o.n}`, `Part ${o.n} for ${o.id}`);
            model.set(o.id, r);
            ix.upsert(r);
          } else if (o.kind === 'remove') {
            expect(ix.remove(o.id)).toBe(model.delete(o.id));
          } else ix.compact();
        }
        expect(ix.stats().live).toBe(model.size);
        // Part numbers match without their punctuation, so P-1-13 and P-11-3 are the same number:
        // each live product is a part-number match, with only part-number matches ahead of it.
        for (const r of model.values()) {
          const parts = ix.query(r.mpn, { limit: 20 }).parts;
          const at = parts.findIndex((p) => p.product_id === r.product_id);
          expect(at, r.mpn).toBeGreaterThanOrEqual(0);
          expect(parts.slice(0, at + 1).map((p) => p.match)).toEqual(Array(at + 1).fill('part-number'));
        }
        for (let id = 1; id <= 12; id++) {
          if (!model.has(id))
            expect(ix.query(`P-${id}-`, { limit: 50 }).parts.some((p) => p.product_id === id)).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('worker handlers', () => {
  it('answers not-ready before the first build', async () => {
    const api = createSearchHandlers();
    expect(await api.searchQuery('moog')).toMatchObject({ parts: [], ready: false });
    expect(await api.searchStats()).toBeNull();
  });

  it('builds in chunks with progress, and sizes hits by viewport width', async () => {
    const api = createSearchHandlers();
    const progress = vi.fn();
    await api.searchBuildBegin(25_000, progress);
    const many = Array.from({ length: 25_000 }, (_, i) => row(i + 1, `BJ-${i}`, `Moog Ball Joint BJ-${i}`));
    await api.searchBuildAdd(many.slice(0, 12_000));
    await api.searchBuildAdd(many.slice(12_000));
    const { stats } = await api.searchBuildFinish();
    expect(stats.live).toBe(25_000);
    expect(progress).toHaveBeenCalledWith({ phase: 'rows', done: 20_000, total: 25_000 });
    expect(progress).toHaveBeenCalledWith(expect.objectContaining({ phase: 'order' }));
    expect((await api.searchQuery('ball', { width: 1200 })).parts).toHaveLength(8);
    expect((await api.searchQuery('ball', { width: 1199 })).parts).toHaveLength(5);
    expect((await api.searchQuery('ball', { limit: 12 })).parts).toHaveLength(12);
  });

  it('applies pulled changes, also while a build is running', async () => {
    const api = createSearchHandlers();
    await api.searchBuild(base());
    await api.searchBuildBegin(3);
    await api.searchBuildAdd(base());
    await api.searchUpsert([row(7, 'NEW-7', 'Moog Strut NEW-7')]);
    await api.searchRemove([1]);
    // The old index saw the changes...
    expect((await api.searchQuery('NEW-7')).parts.map((p) => p.product_id)).toEqual([7]);
    expect((await api.searchQuery('K750155')).parts).toEqual([]);
    // ...and so does the one that replaces it.
    await api.searchBuildFinish();
    expect((await api.searchQuery('NEW-7')).parts.map((p) => p.product_id)).toEqual([7]);
    expect((await api.searchQuery('K750155')).parts).toEqual([]);
    expect(await api.searchSettle()).toEqual({ compacted: false });
  });

  it('refuses rows without a build started', async () => {
    await expect(createSearchHandlers().searchBuildAdd(base())).rejects.toThrow(/searchBuildBegin/);
    await expect(createSearchHandlers().searchBuildFinish()).rejects.toThrow(/searchBuildBegin/);
  });
});
