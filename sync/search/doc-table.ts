/**
 * The index's own copy of each product, one slot per version of a product, in columns (typed
 * arrays plus two string columns), so 200,000 parts are a dozen objects, not 200,000.
 *
 * Must stay true:
 * - slots are append-only: an upsert of a known product kills its old slot and appends a new
 *   one, so postings built over old slots never point at changed data, only at dead slots;
 * - `slotOf` maps each live product id to its one live slot; a dead slot is never in it;
 * - facet values are interned (Interner) and stored as indexes, -1 when absent;
 * - a slot appended by `appendOwn` has no brand, series or categories until `setFacets` gives
 *   every slot its own (the index is built only after that; see built-index.ts `addOwn`).
 */
import { ensure } from './grow';
import { Interner } from './interner';
import { barcodeValue } from './normalize';
import type { OwnSearchRow, SearchProductRow } from './types';

/** A slot's facets as interned indexes (-1: none). */
export interface SlotFacets {
  brand: number;
  series: number;
  categories: readonly number[];
}

export class DocTable {
  constructor(
    readonly brands = new Interner(),
    readonly series = new Interner(),
    readonly categories = new Interner(),
    readonly codes = new Interner(),
  ) {}

  readonly names: string[] = [];
  readonly mpns: string[] = [];
  /** Float64: product ids are integers, not necessarily below 2^31. */
  productId = new Float64Array(0);
  brand = new Int32Array(0);
  seriesOf = new Int32Array(0);
  code = new Int32Array(0);
  /** UPC as a number; NaN when the product has none. */
  upc = new Float64Array(0);
  alive = new Uint8Array(0);
  /** Categories of slot s: catPool[catStart[s] .. catStart[s + 1]). */
  catStart = new Uint32Array(1);
  catPool = new Int32Array(0);
  private readonly slotOf = new Map<number, number>();
  private catLen = 0;
  private liveCount = 0;

  get slots(): number {
    return this.names.length;
  }

  get live(): number {
    return this.liveCount;
  }

  slotOfProduct(productId: number): number | undefined {
    return this.slotOf.get(productId);
  }

  /** Appends a slot for the row, killing the product's previous slot; returns the new slot. */
  append(row: SearchProductRow): number {
    const cats = (row.categories ?? []).map((c) => this.categories.intern(c.category_id, c.name));
    return this.appendColumns(
      row.product_id,
      row.name,
      row.mpn,
      this.brands.intern(row.manufacturer_id, row.manufacturer),
      this.series.intern(row.series_id, row.series),
      this.codes.intern(null, row.aaia),
      row.upc ? (barcodeValue(row.upc) ?? NaN) : NaN,
      cats,
    );
  }

  /**
   * Appends a slot for what the row itself holds (name, part number, brand code, barcode), its
   * brand, series and categories left empty for `setFacets`; kills the product's previous slot.
   */
  appendOwn(row: OwnSearchRow): number {
    const upc = row.upc ? (barcodeValue(row.upc) ?? NaN) : NaN;
    return this.appendColumns(row.product_id, row.name, row.mpn, -1, -1, this.codes.intern(null, row.aaia), upc, []);
  }

  /** Sets every slot's brand, series and categories (after `appendOwn`), in slot order. */
  setFacets(facetsOf: (slot: number) => SlotFacets): void {
    const n = this.slots;
    const starts = new Uint32Array(n + 1);
    let pool = new Int32Array(n);
    let len = 0;
    for (let s = 0; s < n; s++) {
      const f = facetsOf(s);
      this.brand[s] = f.brand;
      this.seriesOf[s] = f.series;
      pool = ensure(pool, len + f.categories.length);
      for (const c of f.categories) pool[len++] = c;
      starts[s + 1] = len;
    }
    this.catStart = starts;
    this.catPool = pool;
    this.catLen = len;
  }

  /** Marks the product's live slot dead; false when the product is not in the table. */
  kill(productId: number): boolean {
    const s = this.slotOf.get(productId);
    if (s === undefined) return false;
    this.alive[s] = 0;
    this.slotOf.delete(productId);
    this.liveCount--;
    return true;
  }

  /**
   * A new table holding only the live slots, renumbered from 0 in slot order, sharing this
   * table's interned values (so facet indexes stay valid). Used by compaction: no row objects.
   */
  compacted(): DocTable {
    const next = new DocTable(this.brands, this.series, this.categories, this.codes);
    for (let s = 0; s < this.slots; s++) {
      if (!this.alive[s]) continue;
      const cats = this.catPool.subarray(this.catStart[s], this.catStart[s + 1]);
      next.appendColumns(
        this.productId[s]!,
        this.names[s]!,
        this.mpns[s]!,
        this.brand[s]!,
        this.seriesOf[s]!,
        this.code[s]!,
        this.upc[s]!,
        cats,
      );
    }
    return next;
  }

  private appendColumns(
    productId: number,
    name: string,
    mpn: string,
    brand: number,
    series: number,
    code: number,
    upc: number,
    cats: ArrayLike<number>,
  ): number {
    this.kill(productId);
    const s = this.names.length;
    const n = s + 1;
    this.productId = ensure(this.productId, n);
    this.brand = ensure(this.brand, n);
    this.seriesOf = ensure(this.seriesOf, n);
    this.code = ensure(this.code, n);
    this.upc = ensure(this.upc, n);
    this.alive = ensure(this.alive, n);
    this.catStart = ensure(this.catStart, n + 1);
    this.names.push(name);
    this.mpns.push(mpn);
    this.productId[s] = productId;
    this.brand[s] = brand;
    this.seriesOf[s] = series;
    this.code[s] = code;
    this.upc[s] = upc;
    this.catPool = ensure(this.catPool, this.catLen + cats.length);
    for (let i = 0; i < cats.length; i++) this.catPool[this.catLen++] = cats[i]!;
    this.catStart[n] = this.catLen;
    this.alive[s] = 1;
    this.slotOf.set(productId, s);
    this.liveCount++;
    return s;
  }
}
