// The two building blocks every lookup stands on, checked against naive versions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PackedStrings } from '../../../sync/search/packed-strings';
import { TermIndexBuilder } from '../../../sync/search/term-index';

const key = fc
  .array(fc.constantFrom('0', '1', '9', 'A', 'B', 'a', 'z', 'é', '-'), { maxLength: 6 })
  .map((cs) => cs.join(''));

describe('PackedStrings.prefixRange', () => {
  it('property: the range holds exactly the keys starting with the prefix', () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 40 }), key, (keys, q) => {
        const sorted = [...keys].sort();
        const packed = PackedStrings.fromSorted(sorted);
        const [from, to] = packed.prefixRange(q);
        expect(sorted.slice(from, to)).toEqual(sorted.filter((k) => k.startsWith(q)));
        if (sorted.includes(q)) expect(sorted[from]).toBe(q);
      }),
      { numRuns: 500 },
    );
  });
});

describe('TermIndexBuilder', () => {
  it('property: postings by key and the forward index agree with the pairs added', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.uniqueArray(
            key.filter((k) => k.length > 0),
            { maxLength: 5 },
          ),
          { maxLength: 20 },
        ),
        // Pairs of a slot past `late` are added in a second pass over the slots (a download's
        // facet words, built-index.ts setFacets): postings still come out in slot order.
        fc.integer({ min: 0, max: 5 }),
        (docs, late) => {
          const b = new TermIndexBuilder(1);
          const value = (slot: number, i: number) => ((slot << 1) | (i % 2)) >>> 0;
          docs.forEach((keys, slot) => keys.forEach((k, i) => i < late && b.add(k, value(slot, i))));
          docs.forEach((keys, slot) => keys.forEach((k, i) => i >= late && b.add(k, value(slot, i))));
          const ix = b.finish(docs.length);
          const sorted = [...new Set(docs.flat())].sort();
          expect(ix.keys.size).toBe(sorted.length);
          sorted.forEach((k, rank) => {
            const [from] = ix.keys.prefixRange(k);
            expect(from).toBe(rank);
            const got = Array.from(ix.postings.subarray(ix.starts[rank], ix.starts[rank + 1]));
            const want = docs.flatMap((keys, slot) => keys.flatMap((x, i) => (x === k ? [value(slot, i)] : [])));
            expect(got).toEqual(want);
          });
          docs.forEach((keys, slot) => {
            const fwd = ix.forward!;
            const got = Array.from(fwd.entries.subarray(fwd.starts[slot], fwd.starts[slot + 1]));
            expect(got).toEqual(keys.map((k, i) => ((sorted.indexOf(k) << 1) | (i % 2)) >>> 0));
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
