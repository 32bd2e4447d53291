/**
 * The device's catalog lookups, fed from Dexie: the offline part search (sync/search) built from
 * the cached products (`productChunks`) plus the brand, series and category names of the `catalog` store and the
 * category links of `catalogLinks`, and
 * exact part-number / barcode lookups for the POS cart. Lives in the sync worker.
 *
 * What it holds in memory: the search index (null until the first build), the facet names
 * (manufacturers, series, categories by id) and each product's category ids.
 *
 * Must stay true:
 * - every operation that changes the index runs on one serial queue, and each pull page is queued
 *   only after its Dexie transaction committed; a queued page re-reads its products from Dexie
 *   when it runs, so replaying pages in order always ends at what Dexie holds;
 * - the index is built only over a complete catalog (a pull reached its last page since the rows
 *   were last dropped): during the initial download queries answer `ready: false`;
 * - a build over the pages of an initial download as pulled (`mirror`) happens only when those
 *   pages form one unbroken cookie chain from an empty cache to the last page, so they are
 *   exactly what Dexie holds; otherwise the build reads Dexie;
 * - the mirror's pages are indexed in the order they were pulled, as time allows while the
 *   download goes on (between IndexedDB's commits), and all of them before its build finishes;
 * - a build swaps the new index in only when finished; queries use the previous one until then.
 */
import type { PackedBlock, RowChange } from '../src/contracts/sync-pull';
import type { PartsdeskDb } from '../src/db/database';
import { categoryLinks, LINK_CHUNK, stockRows } from '../src/db/catalog-links';
import { getMeta } from '../src/db/meta';
import { eachProductBatch, productRow, productRows, type ProductRow } from '../src/db/product-chunks';
import { DownloadMirror, enabled, num, text } from './download-mirror';
import type { FacetNames } from './search/built-index';
import { getCatalogProduct, type CachedProduct } from '../src/db/queries';
import type { PulledPage } from './pull';
import { barcodeValue, partKey } from './search/normalize';
import {
  createSearchHandlers,
  type SearchHandlers,
  type SearchQueryOptions,
  type SearchQueryResult,
} from './search/search-worker-api';
import type { SearchProductRow } from './search/types';

/** A cached product as the POS sells it (money as 2-place strings, never floats). */
export interface DeviceProduct extends CachedProduct {
  upc: string | null;
  msrp: string;
  manufacturer_id: number | null;
  manufacturer: string | null;
  /** False for a product the shop disabled (the server refuses to sell it). */
  enabled: boolean;
  /** On hand per location, from the cached product_stock rows. */
  stock: { location_id: number; quantity: number }[];
}

/** Product chunk records read per step of a build (~5,000 rows; one read transaction each, so pulls are not held up). */
const BUILD_CHUNKS = 80;
const FACETS = { manufacturers: 'manufacturer_id', series: 'series_id', categories: 'category_id' } as const;
type Facet = keyof typeof FACETS;

/** The product id of a product_categories / product_stock key ('12:7'). */
const ownerOf = (key: string): number => Number(key.slice(0, key.indexOf(':')));

export class CatalogIndex {
  private search: SearchHandlers | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** A build is queued or running. */
  private building = false;
  private rebuildAtSettle = false;
  /** Bumped when the cached rows are dropped: a build started before must not swap its index in. */
  private generation = 0;
  private readonly names: Record<Facet, Map<number, string>> = {
    manufacturers: new Map(),
    series: new Map(),
    categories: new Map(),
  };
  private categoriesOf = new Map<number, number[]>();
  /**
   * While no index exists: the index being built from every product pulled since the cache
   * started afresh (a page from cookie 0, or one that cleared it), kept only while each page
   * continues from the cookie the previous one stored (no page stored by another realm in
   * between). `complete` once the last page arrived. The build after an initial download
   * finishes it instead of reading the whole catalog back out of IndexedDB; any doubt (a gap, a
   * worker started mid-way) drops it and the build reads Dexie (./download-mirror.ts).
   */
  private mirror: DownloadMirror | null = null;
  /** start()'s look at the device's catalog (whether to build at once); settled before whenSearchable answers. */
  private starting: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: PartsdeskDb,
    private readonly report: (err: unknown) => void = (err) => console.error('catalog index:', err),
  ) {}

  /** At worker start: builds at once when the device already holds a complete catalog. */
  start(): Promise<void> {
    return (this.starting = this.check());
  }

  private async check(): Promise<void> {
    try {
      const [done, figures, cookie] = await Promise.all([
        getMeta(this.db, 'fullPullDone'),
        getMeta(this.db, 'initialDownload'),
        getMeta(this.db, 'cookie'),
      ]);
      // A device synced before fullPullDone existed has a cookie and no download under way.
      if ((done || (cookie > 0 && figures === null)) && !this.search && !this.building) this.requestBuild();
    } catch (err) {
      this.report(err);
    }
  }

  /** After a pull page committed (SyncEngine onPullPage). */
  pulled(page: PulledPage): void {
    if (page.cleared) this.reset();
    if (this.search || this.building) {
      const { changes, blocks = [] } = page;
      this.enqueue(() => this.apply(changes, blocks));
    }
    // With no index and no build, a page only feeds the mirror (or nothing: the next build reads Dexie).
    else this.mirrorPage(page);
    if (page.complete && !this.search && !this.building) this.requestBuild();
  }

  /** When a sync cycle ended (SyncEngine onCycleEnd): compacts, or rebuilds after a facet rename. */
  settle(): void {
    this.enqueue(async () => {
      if (this.rebuildAtSettle) return this.build();
      if (this.search) await this.search.searchSettle();
    });
    // A failed build is tried again when a later cycle ends.
    if (!this.search && !this.building) void this.start();
  }

  /**
   * Resolves true once an index answers queries, waiting for a build under way (a worker's start
   * reads the whole catalog out of IndexedDB first); false at once when none is coming (the device
   * holds no complete catalog yet). For callers with no other answer: a device with no network.
   */
  async whenSearchable(): Promise<boolean> {
    await this.starting;
    while (!this.search && this.building) await this.queue;
    return this.search !== null;
  }

  /** Resolves when every queued operation has run (tests, benchmarks). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** `wait`: a build under way is waited for (whenSearchable) instead of answering `ready: false`. */
  async searchParts(query: string, opts?: SearchQueryOptions & { wait?: boolean }): Promise<SearchQueryResult> {
    if (!this.search && opts?.wait) await this.whenSearchable();
    if (this.search) return this.search.searchQuery(query, opts);
    return { parts: [], total: 0, categories: [], series: [], brands: [], tookMs: 0, ready: false };
  }

  /**
   * The one product whose part number (case, spaces and punctuation ignored) or UPC/EAN equals
   * `code`; null when none, or when several brands share the part number (staff pick from the
   * search list then). A barcode match wins over a part-number match.
   */
  async findPart(code: string): Promise<DeviceProduct | null> {
    const key = partKey(code);
    if (!key) return null;
    const barcode = barcodeValue(code);
    let ids: number[];
    const res = this.search ? await this.search.searchQuery(code, { limit: 20, sectionLimit: 0 }) : null;
    if (res?.ready) {
      ids = res.parts.filter((h) => h.match === 'part-number').map((h) => h.product_id);
    } else {
      // No index yet (first download, build running): one scan of the cached products.
      ids = [];
      await eachProductBatch(this.db, (rows) => {
        for (const r of rows)
          if (partKey(text(r.mpn)) === key || (barcode !== null && barcodeValue(text(r.upc)) === barcode))
            ids.push(Number(r.product_id));
      });
    }
    const rows = (await productRows(this.db, ids)).filter((r): r is ProductRow => r !== undefined && enabled(r));
    const byUpc = barcode === null ? [] : rows.filter((r) => barcodeValue(text(r.upc)) === barcode);
    const byMpn = rows.filter((r) => partKey(text(r.mpn)) === key);
    const pick = byUpc.length === 1 ? byUpc[0] : byUpc.length === 0 && byMpn.length === 1 ? byMpn[0] : undefined;
    return pick ? this.getProduct(Number(pick.product_id)) : null;
  }

  async getProduct(productId: number): Promise<DeviceProduct | null> {
    const base = await getCatalogProduct(this.db, productId);
    const row = await productRow(this.db, productId);
    if (!base || !row) return null;
    const stock = await stockRows(this.db, productId);
    const manufacturerId = num(row.manufacturer_id);
    const facet =
      manufacturerId === null ? undefined : await this.db.catalog.get(['manufacturers', String(manufacturerId)]);
    return {
      ...base,
      upc: text(row.upc) || null,
      msrp: text(row.msrp) || base.price,
      manufacturer_id: manufacturerId,
      manufacturer: facet ? text(facet.row.name) || null : null,
      enabled: enabled(row),
      stock: stock.map((s) => ({ location_id: Number(s.location_id), quantity: Number(s.quantity ?? 0) })),
    };
  }

  private enqueue(op: () => Promise<void>): void {
    this.queue = this.queue.then(op).catch((err: unknown) => this.report(err));
  }

  private requestBuild(): void {
    this.building = true;
    this.enqueue(() => this.build());
  }

  private reset(): void {
    this.generation++;
    this.search = null;
    this.building = false;
    this.rebuildAtSettle = false;
    for (const m of Object.values(this.names)) m.clear();
    this.categoriesOf = new Map();
    this.dropMirror();
  }

  private mirrorPage(page: PulledPage): void {
    if ((page.after === 0 && !page.continues) || page.cleared) {
      this.dropMirror();
      const mirror = new DownloadMirror(
        (changes, blocks) => this.noteFacetsAndLinks(changes, blocks),
        (err) => {
          this.report(err);
          if (this.mirror === mirror) this.mirror = null;
        },
      );
      this.mirror = mirror;
      for (const m of Object.values(this.names)) m.clear();
      this.categoriesOf = new Map();
    }
    const m = this.mirror;
    if (!m || m.complete || m.cookie !== (page.cleared ? 0 : page.after)) return this.dropMirror();
    m.take(page);
  }

  private dropMirror(): void {
    this.mirror?.drop();
    this.mirror = null;
  }

  /** Reads the whole cached catalog out of Dexie in chunks into a fresh index, then swaps it in. */
  private async build(): Promise<void> {
    const generation = this.generation;
    this.building = true;
    this.rebuildAtSettle = false;
    try {
      const mirror = this.mirror?.complete ? this.mirror : null;
      if (mirror) this.mirror = null;
      else this.dropMirror();
      const handlers = createSearchHandlers();
      if (mirror) {
        // The pages just stored, as they were pulled: the same rows Dexie holds (see `mirror`),
        // mostly indexed already while the download went on.
        const builder = mirror.drain();
        builder.setFacets(this.facetNames());
        await handlers.searchBuildFrom(builder);
      } else {
        await this.loadFacets();
        // Expected rows, for progress only: chunks are nearly full.
        await handlers.searchBuildBegin((await this.db.productChunks.count()) * LINK_CHUNK);
        await eachProductBatch(
          this.db,
          (rows) => handlers.searchBuildAdd(rows.filter(enabled).map((r) => this.searchRow(r))),
          BUILD_CHUNKS,
        );
        await handlers.searchBuildFinish();
      }
      if (generation === this.generation) this.search = handlers;
    } finally {
      if (generation === this.generation) this.building = false;
    }
  }

  private async loadFacets(): Promise<void> {
    for (const facet of Object.keys(FACETS) as Facet[]) {
      const rows = await this.db.catalog.where('[table+k]').between([facet, ''], [facet, '\uffff']).toArray();
      this.names[facet] = new Map(rows.map((r) => [Number(r.row[FACETS[facet]]), text(r.row.name)]));
    }
    this.categoriesOf = await categoryLinks(this.db);
  }

  /** One page's changes: facet names and category links first, then its products from Dexie. */
  private async apply(changes: readonly RowChange[], blocks: readonly PackedBlock[]): Promise<void> {
    const touched = this.noteFacetsAndLinks(changes, blocks);
    if (touched.size === 0 || !this.search) return;
    const ids = [...touched];
    const rows = await productRows(this.db, ids);
    const live = rows.filter((r): r is ProductRow => r !== undefined && enabled(r));
    const liveIds = new Set(live.map((r) => Number(r.product_id)));
    await this.search.searchRemove(ids.filter((id) => !liveIds.has(id)));
    await this.search.searchUpsert(live.map((r) => this.searchRow(r)));
  }

  /** A category link put (or removed) in the in-memory map; returns the product. */
  private noteLink(p: number, category: number, live: boolean): number {
    const was = this.categoriesOf.get(p);
    if (!was) {
      if (live) this.categoriesOf.set(p, [category]);
      return p;
    }
    // The map's arrays are its own: changed in place (a download files about a million links).
    const at = was.indexOf(category);
    if (at >= 0) was.splice(at, 1);
    if (live) was.push(category);
    return p;
  }

  /**
   * Facet names and category links of a page into the in-memory maps (its changes, then its
   * blocks, as they were stored); returns the products it touches.
   */
  private noteFacetsAndLinks(changes: readonly RowChange[], blocks: readonly PackedBlock[] = []): Set<number> {
    const touched = new Set<number>();
    for (const b of blocks) {
      if (b.table === 'products') {
        const id = b.cols.indexOf('product_id');
        for (const r of b.rows) touched.add(Number(r[id]));
      }
    }
    for (const c of changes) {
      if (c.table === 'products') touched.add(Number(c.key));
      else if (c.table === 'product_categories')
        touched.add(this.noteLink(ownerOf(c.key), Number(c.key.slice(c.key.indexOf(':') + 1)), c.row !== null));
      else if (c.table in FACETS) {
        const names = this.names[c.table as Facet];
        const id = Number(c.key);
        const was = names.get(id);
        const now = c.row ? text(c.row.name) : undefined;
        if (now === undefined) names.delete(id);
        else names.set(id, now);
        // Products carry the id, not the name: a rename reaches the postings only by a rebuild.
        if (was !== undefined && was !== now) this.rebuildAtSettle = true;
      }
    }
    for (const b of blocks) {
      if (b.table !== 'product_categories') continue;
      // By the key's columns (product_id, category_id): the block was checked when it was split.
      const [pc, cc] = b.key.map((k) => b.cols.indexOf(k)) as [number, number];
      for (const r of b.rows) touched.add(this.noteLink(Number(r[pc]), Number(r[cc]), true));
    }
    return touched;
  }

  /** The facet names and category links known now, for the mirror's builder. */
  private facetNames(): FacetNames {
    return {
      brand: (id) => this.names.manufacturers.get(id),
      series: (id) => this.names.series.get(id),
      categories: (productId) =>
        (this.categoriesOf.get(productId) ?? []).flatMap((c) => {
          const name = this.names.categories.get(c);
          return name ? [{ category_id: c, name }] : [];
        }),
    };
  }

  private searchRow(r: ProductRow): SearchProductRow {
    const id = Number(r.product_id);
    const manufacturerId = num(r.manufacturer_id);
    const seriesId = num(r.series_id);
    const categories = (this.categoriesOf.get(id) ?? []).flatMap((c) => {
      const name = this.names.categories.get(c);
      return name ? [{ category_id: c, name }] : [];
    });
    return {
      product_id: id,
      mpn: text(r.mpn),
      name: text(r.name),
      aaia: text(r.aaia) || null,
      manufacturer_id: manufacturerId,
      manufacturer: manufacturerId === null ? null : (this.names.manufacturers.get(manufacturerId) ?? null),
      series_id: seriesId,
      series: seriesId === null ? null : (this.names.series.get(seriesId) ?? null),
      categories,
      upc: text(r.upc) || null,
    };
  }
}
