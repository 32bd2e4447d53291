/**
 * The offline search index over the cached catalog, held in the sync worker's memory and built
 * at start from the Dexie rows (docs/architecture.md "Data and truth"). Read
 * docs/decisions/search.md "Offline part search (sync/search)" for the tokenizer rules, the
 * structure and the measured figures.
 *
 * Structure: a DocTable (one column-stored slot per product version) plus a BuiltIndex over the
 * slots that existed at the last build, plus a delta: products upserted since then, checked one
 * by one at query time. Must stay true:
 * - every live product has exactly one live slot, either below `built.slotLimit` (found through
 *   the built postings) or in `delta` (found by scanning) — never both, never neither;
 * - a removed or replaced product's old slot is dead, and dead slots are never returned;
 * - the delta stays small: past DELTA_LIMIT slots (or when dead slots pass a quarter of all)
 *   `compactIfNeeded` rebuilds over the live slots; the worker calls it when a sync cycle ends,
 *   so a burst of pull pages pays for one rebuild, not one per page.
 */
import { IndexBuilder, rebuild, type BuiltIndex } from './built-index';
import type { DocTable } from './doc-table';
import { slotTokens } from './doc-tokens';
import { matchAll, type DeltaDoc } from './match';
import { TIER } from './match-tiers';
import { MatchSet } from './match-set';
import { barcodeValue, partKey, queryTerms } from './normalize';
import { QueryCache } from './query-cache';
import { topSlots } from './rank';
import { sections } from './sections';
import {
  MATCH_KINDS,
  type PartHit,
  type ProgressCallback,
  type QueryOptions,
  type SearchProductRow,
  type SearchResult,
} from './types';

export const DEFAULT_PART_LIMIT = 8;
export const DEFAULT_SECTION_LIMIT = 5;
export const DELTA_LIMIT = 1_000;
export const DELTA_HARD_LIMIT = 10_000;

export const DEFAULT_CACHE_SIZE = 64;

export interface IndexOptions {
  /** Answers kept for repeated queries (0 turns the cache off, as the benchmark does for one run). */
  cacheSize?: number;
}

export interface IndexStats {
  live: number;
  slots: number;
  delta: number;
  wordKeys: number;
  partKeys: number;
  /** Bytes of the typed arrays (postings, keys, columns); strings and maps are not counted. */
  typedBytes: number;
}

export class PartIndex {
  private readonly delta = new Map<number, DeltaDoc>();
  private readonly scratch = new MatchSet();
  private readonly cache: QueryCache;

  private constructor(
    private docs: DocTable,
    private built: BuiltIndex,
    cacheSize: number,
  ) {
    this.cache = new QueryCache(cacheSize);
  }

  /** Builds from all rows at once (tests, small catalogs). */
  static build(rows: Iterable<SearchProductRow>, onProgress?: ProgressCallback, opts: IndexOptions = {}): PartIndex {
    const b = new IndexBuilder(onProgress);
    b.add(rows);
    return PartIndex.from(b, opts);
  }

  /** Finishes a builder that was fed chunk by chunk. */
  static from(builder: IndexBuilder, opts: IndexOptions = {}): PartIndex {
    return new PartIndex(builder.docs, builder.finish(), opts.cacheSize ?? DEFAULT_CACHE_SIZE);
  }

  /** Answers kept for repeated queries; 0 turns the cache off. */
  setCacheSize(size: number): void {
    this.cache.capacity = size;
    this.cache.clear();
  }

  /** Adds or replaces one product (a sync pull row). */
  upsert(row: SearchProductRow): void {
    this.cache.clear();
    const old = this.docs.slotOfProduct(row.product_id);
    if (old !== undefined) this.delta.delete(old);
    const slot = this.docs.append(row);
    this.delta.set(slot, { ...slotTokens(this.docs, slot), key: partKey(row.mpn) });
    this.built.order.place(slot, row.name);
  }

  /** Drops a product (a sync tombstone); false when it was not indexed. */
  remove(productId: number): boolean {
    const slot = this.docs.slotOfProduct(productId);
    if (slot === undefined) return false;
    this.cache.clear();
    this.delta.delete(slot);
    return this.docs.kill(productId);
  }

  /** Rebuilds the postings over the live products, emptying the delta. */
  compact(onProgress?: ProgressCallback): void {
    this.cache.clear();
    const b = rebuild(this.docs, onProgress);
    this.built = b.finish();
    this.docs = b.docs;
    this.delta.clear();
  }

  query(text: string, opts: QueryOptions = {}): SearchResult {
    const started = performance.now();
    // Only a runaway delta is worth a rebuild on a keystroke; everything else waits for settle.
    if (this.delta.size > DELTA_HARD_LIMIT) this.compact();
    const limit = opts.limit ?? DEFAULT_PART_LIMIT;
    const sectionLimit = opts.sectionLimit ?? DEFAULT_SECTION_LIMIT;
    const cacheKey = `${limit}|${sectionLimit}|${text}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return { ...cached, tookMs: performance.now() - started };
    const terms = queryTerms(text);
    const key = partKey(text);
    if (terms.length === 0 && !key)
      return { parts: [], total: 0, categories: [], series: [], brands: [], tookMs: performance.now() - started };
    const m = this.scratch;
    matchAll(this.docs, this.built, this.delta, { terms, key, barcode: barcodeValue(text) }, m);
    const parts = topSlots(m, this.docs, limit).map((s) => this.hit(s));
    const found = sections(m, this.docs, terms, sectionLimit);
    const result = { parts, total: m.length, ...found, tookMs: performance.now() - started };
    this.cache.set(cacheKey, result);
    return result;
  }

  /**
   * True when the delta has outgrown DELTA_LIMIT slots or dead slots pass a quarter of all.
   * The worker calls `compactIfNeeded()` when a sync cycle ends (one rebuild per burst of pages);
   * a query compacts by itself only past DELTA_HARD_LIMIT, where scanning costs more than it.
   */
  needsCompaction(): boolean {
    const dead = this.docs.slots - this.docs.live;
    return this.delta.size > DELTA_LIMIT || dead > this.docs.slots / 4;
  }

  compactIfNeeded(onProgress?: ProgressCallback): boolean {
    if (!this.needsCompaction()) return false;
    this.compact(onProgress);
    return true;
  }

  stats(): IndexStats {
    const d = this.docs;
    const columns = [d.productId, d.brand, d.seriesOf, d.code, d.upc, d.alive, d.catStart, d.catPool].reduce(
      (n, a) => n + a.byteLength,
      0,
    );
    const b = this.built;
    return {
      live: d.live,
      slots: d.slots,
      delta: this.delta.size,
      wordKeys: b.words.keys.size,
      partKeys: b.parts.keys.size,
      typedBytes:
        columns +
        b.words.bytes +
        b.parts.bytes +
        b.order.bytes +
        b.barcodes.values.byteLength +
        b.barcodes.slots.byteLength,
    };
  }

  private hit(slot: number): PartHit {
    const d = this.docs;
    const b = d.brand[slot]!;
    return {
      product_id: d.productId[slot]!,
      mpn: d.mpns[slot]!,
      name: d.names[slot]!,
      brand: b >= 0 ? d.brands.names[b]! : null,
      match: MATCH_KINDS[Math.min(MATCH_KINDS.length - 1, Math.floor(this.scratch.score[slot]! / TIER))]!,
    };
  }
}
