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
import type { Interner } from './interner';
import { slotTokens } from './doc-tokens';
import { ensure } from './grow';
import { NameOrder, nameTag, slotsOf } from './name-order';
import { partKey } from './normalize';
import { TermIndexBuilder, type TermIndex } from './term-index';
import type { OwnSearchRow, ProgressCallback, SearchProductRow } from './types';

export interface BuiltIndex {
  slotLimit: number;
  words: TermIndex;
  parts: TermIndex;
  /** Sorted barcode values and, at the same index, their slots. */
  barcodes: { values: Float64Array; slots: Int32Array };
  order: NameOrder;
}

const PROGRESS_EVERY = 10_000;

/** The facet names a download's rows are completed with (`IndexBuilder.setFacets`). */
export interface FacetNames {
  brand(id: number): string | undefined;
  series(id: number): string | undefined;
  categories(productId: number): readonly { category_id: number; name: string }[];
}

/**
 * Feed rows in chunks (as they come out of Dexie), then `finish` once. Or, while a download is
 * still arriving, feed each product row as it is pulled (`addOwn`: what the row itself holds,
 * indexed at once), then `setFacets` once every page is in (brand, series and category names,
 * and the category links, may come in later pages), then `finish`.
 */
export class IndexBuilder {
  readonly docs: DocTable;
  private readonly words = new TermIndexBuilder(1);
  private readonly parts = new TermIndexBuilder(0);
  /** addOwn's slots: the brand and series ids, and each slot's own word pairs [ownStart, ownEnd). */
  private own: { brandId: Float64Array; seriesId: Float64Array; ownStart: Uint32Array; ownEnd: Uint32Array } | null =
    null;

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

  /** Name sort strings of slots [0, namesTagged), sorted a run at a time by `presort`. */
  private nameRuns: string[] | null = null;
  private namesTagged = 0;

  /**
   * Sorts what came since the last call (new keys, new slots' names) into runs of their own, so
   * `finish` merges runs instead of sorting 200,000 strings three times (a download calls it
   * between pages, while it waits for IndexedDB).
   */
  presort(): void {
    this.words.presort();
    this.parts.presort();
    this.presortNames();
  }

  private presortNames(): void {
    const fresh: string[] = [];
    for (let s = this.namesTagged; s < this.docs.slots; s++) fresh.push(nameTag(this.docs.names[s]!, s));
    this.namesTagged = this.docs.slots;
    fresh.sort();
    const runs = (this.nameRuns ??= []);
    for (const t of fresh) runs.push(t);
  }

  /** A pulled product as it came (see the class comment); replaces the product's earlier slot. */
  addOwn(row: OwnSearchRow): void {
    const own = (this.own ??= {
      brandId: new Float64Array(1024),
      seriesId: new Float64Array(1024),
      ownStart: new Uint32Array(1024),
      ownEnd: new Uint32Array(1024),
    });
    const slot = this.docs.appendOwn(row);
    const n = slot + 1;
    own.brandId = ensure(own.brandId, n);
    own.seriesId = ensure(own.seriesId, n);
    own.ownStart = ensure(own.ownStart, n);
    own.ownEnd = ensure(own.ownEnd, n);
    own.brandId[slot] = row.manufacturer_id ?? NaN;
    own.seriesId[slot] = row.series_id ?? NaN;
    own.ownStart[slot] = this.words.length;
    this.indexSlot(slot);
    own.ownEnd[slot] = this.words.length;
  }

  /** A product removed (or disabled) while a download arrives: its slot is dead. */
  kill(productId: number): void {
    this.docs.kill(productId);
  }

  /**
   * Gives every `addOwn` slot its brand, series and categories by the names known now, and
   * indexes their words (those the slot's own words lack), as `add` would have with full rows.
   */
  setFacets(names: FacetNames): void {
    const own = this.own;
    if (!own) return;
    this.own = null;
    const { docs } = this;
    const none = { brand: -1, series: -1, categories: [] };
    docs.setFacets((slot) => {
      if (!docs.alive[slot]) return none;
      const b = own.brandId[slot]!;
      const r = own.seriesId[slot]!;
      // Interned as `append` does: categories, then brand, then series.
      const categories = names
        .categories(docs.productId[slot]!)
        .map((c) => docs.categories.intern(c.category_id, c.name))
        .filter((c) => c >= 0);
      const brand = Number.isNaN(b) ? -1 : docs.brands.intern(b, names.brand(b));
      const series = Number.isNaN(r) ? -1 : docs.series.intern(r, names.series(r));
      return { brand, series, categories };
    });
    // Each facet value's tokens as key ids, taken once per value (not looked up once per part).
    const idsOf = (values: Interner): ((at: number) => readonly number[]) => {
      const cache: number[][] = [];
      return (at) => (at < 0 ? [] : (cache[at] ??= values.tokens[at]!.map((t) => this.words.intern(t))));
    };
    const brandIds = idsOf(docs.brands);
    const seriesIds = idsOf(docs.series);
    const categoryIds = idsOf(docs.categories);
    const seen: number[] = [];
    for (let slot = 0; slot < docs.slots; slot++) {
      if (!docs.alive[slot]) continue;
      seen.length = 0;
      for (let i = own.ownStart[slot]!; i < own.ownEnd[slot]!; i++) seen.push(this.words.keyIdAt(i));
      const value = ((slot << 1) | 1) >>> 0;
      const more = (ids: readonly number[]): void => {
        for (const id of ids) {
          if (seen.includes(id)) continue;
          this.words.addId(id, value);
          seen.push(id);
        }
      };
      more(brandIds(docs.brand[slot]!));
      more(seriesIds(docs.seriesOf[slot]!));
      for (let c = docs.catStart[slot]!; c < docs.catStart[slot + 1]!; c++) more(categoryIds(docs.catPool[c]!));
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
    if (this.own) throw new Error('search: setFacets before finish when rows came by addOwn');
    const total = this.docs.slots;
    this.onProgress({ phase: 'words', done: 0, total });
    const words = this.words.finish(total);
    this.onProgress({ phase: 'part-numbers', done: 0, total });
    const parts = this.parts.finish();
    this.onProgress({ phase: 'order', done: 0, total });
    const live: number[] = [];
    for (let s = 0; s < total; s++) if (this.docs.alive[s]) live.push(s);
    let inOrder: number[] | undefined;
    if (this.nameRuns) {
      this.presortNames();
      // The runs merged; only the live slots (a dead slot's name was tagged when it came).
      const { alive } = this.docs;
      inOrder = slotsOf(this.nameRuns.sort(), (s) => alive[s] === 1);
      this.nameRuns = null;
    }
    const order = new NameOrder(Int32Array.from(live), this.docs.names, inOrder);
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
