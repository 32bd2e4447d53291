// The acceptance check on a demo-style catalog (the benchmark's generator: the demo
// brands' real part-number styles): 200 exact part numbers, none empty, each ranked first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../server/db/demo/prng';
import { partKey } from '../../../sync/search/normalize';
import { PartIndex } from '../../../sync/search/part-index';
import type { SearchProductRow } from '../../../sync/search/types';
import { demoSearchRows } from '../../bench/search-index.bench';

const rows: SearchProductRow[] = [...demoSearchRows(20_000)].flat();
const index = PartIndex.build(rows);

/** The product is among the exact part-number hits, and the top hit is that part number. */
function foundFirst(row: SearchProductRow, text = row.mpn): boolean {
  const r = index.query(text, { limit: 50 });
  if (r.parts.length === 0 || partKey(r.parts[0]!.mpn) !== partKey(row.mpn)) return false;
  return r.parts.some((p) => p.product_id === row.product_id && p.match === 'part-number');
}

describe('exact part numbers over a generated catalog', () => {
  const rng = new Rng(2026);
  const picked = Array.from({ length: 200 }, () => rng.pick(rows));

  it('has hyphens, dots, letters and leading zeros in the sample', () => {
    expect(picked.some((r) => r.mpn.includes('-'))).toBe(true);
    expect(picked.some((r) => /^0/.test(r.mpn))).toBe(true);
    expect(picked.some((r) => /[A-Z]/.test(r.mpn))).toBe(true);
  });

  it('answers all 200 as written: zero empty results, the exact part first', () => {
    const empty = picked.filter((r) => index.query(r.mpn).parts.length === 0);
    expect(empty).toEqual([]);
    expect(picked.filter((r) => !foundFirst(r)).map((r) => r.mpn)).toEqual([]);
  });

  it('answers them without punctuation and with spaces instead of hyphens', () => {
    expect(picked.filter((r) => !foundFirst(r, partKey(r.mpn)))).toEqual([]);
    expect(picked.filter((r) => !foundFirst(r, r.mpn.replace(/[-.]/g, ' ')))).toEqual([]);
  });

  it('property: any indexed product, searched by its exact mpn, comes back first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: rows.length - 1 }), (i) => foundFirst(rows[i]!)),
      { numRuns: 300 },
    );
  });
});

describe('adversarial part numbers', () => {
  const mpnChar = fc.constantFrom('0', '0', '1', '3', '9', '-', '.', ' ', '/', 'A', 'K', 'x');
  const mpn = fc
    .array(mpnChar, { minLength: 1, maxLength: 12 })
    .map((cs) => cs.join(''))
    .filter((s) => partKey(s).length > 0);

  it('property: in any small catalog, every product is found first by its own mpn', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(mpn, fc.constantFrom('Brake Pad', 'K&N Filter', 'Señal Lamp')), {
          minLength: 1,
          maxLength: 30,
        }),
        (parts) => {
          const catalog = parts.map(([m, noun], i) => ({
            product_id: i + 1,
            mpn: m,
            name: `${noun} ${m}`,
            manufacturer_id: 1,
            manufacturer: 'Brand',
          }));
          const small = PartIndex.build(catalog);
          return catalog.every((row) => {
            const r = small.query(row.mpn, { limit: 50 });
            return (
              partKey(r.parts[0]?.mpn ?? '') === partKey(row.mpn) &&
              r.parts.some((p) => p.product_id === row.product_id && p.match === 'part-number')
            );
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
