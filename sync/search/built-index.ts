/**
 * The bulk-built, read-only part of the index: word tokens and part-number keys with their
 * postings, barcodes, and the name order. It covers slots [0, slotLimit) of its DocTable; slots
 * appended later (sync upserts) are the delta, searched by part-index.ts until the next rebuild.
 *
 * Word postings are `slot << 1 | bit`, bit 1 when the token is not in the name (brand, series,
 * category, brand code only), so a query can tell "all terms in the name" from "all terms
 * somewhere" without a second index. Slots therefore stay below 2^31.
 */
import { DocTable } from './doc-table';
import { slotTokens } from './doc-tokens';
import { NameOrder } from './name-order';
import { partKey } from './normalize';
import { TermIndexBuilder, type TermIndex } from './term-index';
import type { ProgressCallback, SearchProductRow } from './types';

export interface BuiltIndex {
  slotLimit: number;
  words: TermIndex;
  parts: TermIndex;
  /** Sorted barcode values and, at the same index, their slots. */
  barcodes: { values: Float64Array; slots: Int32Array };
  order: NameOrder;
}

const PROGRESS_EVERY = 10_000;

/** Feed rows in chunks (as they come out of Dexie), then `finish` once. */
export class IndexBuilder {
  readonly docs: DocTable;
  private readonly words = new TermIndexBuilder();
  private readonly parts = new TermIndexBuilder();

  constructor(
    private readonly onProgress: ProgressCallback = () => undefined,
    /** Rows expected in all, for progress only. */
    private readonly expected = 0,
    docs?: DocTable,
  ) {
    this.docs = docs ?? new DocTable();
  }

  add(rows: Iterable<SearchProductRow>): void {
    for (const row of rows) {
      const slot = this.docs.append(row);
      this.indexSlot(slot);
      if ((slot + 1) % PROGRESS_EVERY === 0)
        this.onProgress({ phase: 'rows', done: slot + 1, total: Math.max(this.expected, slot + 1) });
    }
  }

  /** Indexes every slot already in the table (a compacted one), instead of `add`. */
  indexExisting(): void {
    for (let s = 0; s < this.docs.slots; s++) {
      this.indexSlot(s);
      if ((s + 1) % PROGRESS_EVERY === 0) this.onProgress({ phase: 'rows', done: s + 1, total: this.docs.slots });
    }
  }

  private indexSlot(slot: number): void {
    const { tokens, nameCount } = slotTokens(this.docs, slot);
    for (let i = 0; i < tokens.length; i++) this.words.add(tokens[i]!, ((slot << 1) | (i < nameCount ? 0 : 1)) >>> 0);
    const key = partKey(this.docs.mpns[slot]!);
    if (key) this.parts.add(key, slot);
  }

  finish(): BuiltIndex {
    const total = this.docs.slots;
    this.onProgress({ phase: 'words', done: 0, total });
    const words = this.words.finish(total);
    this.onProgress({ phase: 'part-numbers', done: 0, total });
    const parts = this.parts.finish();
    this.onProgress({ phase: 'order', done: 0, total });
    const live: number[] = [];
    for (let s = 0; s < total; s++) if (this.docs.alive[s]) live.push(s);
    const order = new NameOrder(Int32Array.from(live), this.docs.names);
    const barcodes = sortedBarcodes(this.docs, live);
    this.onProgress({ phase: 'order', done: total, total });
    return { slotLimit: total, words, parts, barcodes, order };
  }
}

function sortedBarcodes(docs: DocTable, live: readonly number[]): BuiltIndex['barcodes'] {
  const withCode = live.filter((s) => !Number.isNaN(docs.upc[s]!));
  withCode.sort((a, b) => docs.upc[a]! - docs.upc[b]! || a - b);
  return { values: Float64Array.from(withCode, (s) => docs.upc[s]!), slots: Int32Array.from(withCode) };
}

/** Rebuilds over the live slots of an existing table (compaction): a fresh table, new slots. */
export function rebuild(old: DocTable, onProgress?: ProgressCallback): IndexBuilder {
  const docs = old.compacted();
  const b = new IndexBuilder(onProgress, docs.slots, docs);
  b.indexExisting();
  return b;
}
