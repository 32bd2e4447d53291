// The index built as a download arrives (IndexBuilder.addOwn, presort at each page's end, then
// setFacets once the facet names and category links are in) answers every query as the one built from the finished rows does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexBuilder } from '../../../sync/search/built-index';
import { PartIndex } from '../../../sync/search/part-index';
import type { SearchProductRow } from '../../../sync/search/types';

const WORDS = ['Ball', 'Joint', 'Brake', 'Pad', 'Filter', 'Air', 'Moog', 'Strut', 'Front', 'Rear'];
const BRANDS: Record<number, string> = { 1: 'Moog', 2: 'Bilstein Brake', 3: 'K&N' };
const SERIES: Record<number, string> = { 1: 'Problem Solver', 2: 'Front Line', 3: 'Air' };
const CATEGORIES: Record<number, string> = { 1: 'Ball Joints', 2: 'Brake Pads', 3: 'Air Filters', 4: 'Struts' };

const put = fc.record({
  kind: fc.constant('put' as const),
  id: fc.integer({ min: 1, max: 15 }),
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
  mpn: fc.stringMatching(/^[A-Z]{0,2}[0-9]{1,4}(-[0-9]{1,3})?$/),
  brand: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  series: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  code: fc.option(fc.constantFrom('MOOG', 'BRAKE', 'KNFL'), { nil: null }),
  upc: fc.option(fc.constantFrom('700000123456', '012345678905'), { nil: null }),
});
const kill = fc.record({ kind: fc.constant('kill' as const), id: fc.integer({ min: 1, max: 15 }) });
/** The end of a page: what came so far is sorted into runs (IndexBuilder.presort). */
const pageEnd = fc.record({ kind: fc.constant('presort' as const) });
/** Category links of the finished catalog, and which facet names arrived (4 never does). */
const links = fc.array(fc.tuple(fc.integer({ min: 1, max: 15 }), fc.integer({ min: 1, max: 4 })), { maxLength: 30 });

const QUERIES = [
  ...WORDS,
  ...Object.values(BRANDS),
  ...Object.values(SERIES),
  ...Object.values(CATEGORIES),
  'brake pad',
  'moog ball',
  'air filter',
  'knfl',
  'brake',
  '1',
  '12',
  'A1',
  '700000123456',
  'b',
  'st',
];

describe('index built while a download arrives', () => {
  it('property: addOwn + setFacets answers as a build over the finished rows', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(put, put, kill, pageEnd), { maxLength: 40 }), links, (ops, linkPairs) => {
        const categoriesOf = new Map<number, number[]>();
        for (const [p, c] of linkPairs) {
          const was = categoriesOf.get(p) ?? [];
          if (!was.includes(c)) categoriesOf.set(p, [...was, c]);
        }
        const facets = {
          brand: (id: number) => BRANDS[id],
          series: (id: number) => SERIES[id],
          categories: (productId: number) =>
            (categoriesOf.get(productId) ?? []).flatMap((c) =>
              CATEGORIES[c] ? [{ category_id: c, name: CATEGORIES[c] }] : [],
            ),
        };
        const finished = new Map<number, SearchProductRow>();
        const download = new IndexBuilder();
        for (const o of ops) {
          if (o.kind === 'presort') {
            download.presort();
            continue;
          }
          if (o.kind === 'kill') {
            download.kill(o.id);
            finished.delete(o.id);
            continue;
          }
          // Names unique per product: equal names would rank by slot, which the two builds number differently.
          const own = {
            product_id: o.id,
            mpn: o.mpn,
            name: `${o.words.join(' ')} ${o.id}`,
            aaia: o.code,
            manufacturer_id: o.brand,
            series_id: o.series,
            upc: o.upc,
          };
          download.addOwn(own);
          finished.set(o.id, own);
        }
        download.setFacets(facets);
        const fromDownload = PartIndex.from(download, { cacheSize: 0 });
        const fromRows = PartIndex.build(
          [...finished.values()].map((r) => ({
            ...r,
            manufacturer: r.manufacturer_id ? (BRANDS[r.manufacturer_id] ?? null) : null,
            series: r.series_id ? (SERIES[r.series_id] ?? null) : null,
            categories: facets.categories(r.product_id),
          })),
          undefined,
          { cacheSize: 0 },
        );
        expect(fromDownload.stats().live).toBe(finished.size);
        for (const q of QUERIES) {
          const { tookMs: _a, ...got } = fromDownload.query(q, { limit: 50, sectionLimit: 10 });
          const { tookMs: _b, ...want } = fromRows.query(q, { limit: 50, sectionLimit: 10 });
          expect(got, q).toEqual(want);
        }
        // And after a compaction (the sync's later rebuild over the live slots).
        fromDownload.compact();
        for (const q of QUERIES.slice(0, 8)) {
          const { tookMs: _a, ...got } = fromDownload.query(q, { limit: 50, sectionLimit: 10 });
          const { tookMs: _b, ...want } = fromRows.query(q, { limit: 50, sectionLimit: 10 });
          expect(got, q).toEqual(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses to finish before the facets are set', () => {
    const b = new IndexBuilder();
    b.addOwn({ product_id: 1, mpn: 'K1', name: 'Moog Ball Joint K1', manufacturer_id: 1 });
    expect(() => PartIndex.from(b)).toThrow(/setFacets/);
  });
});
