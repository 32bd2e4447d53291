/**
 * The search index of an initial download, built from its pages as they are pulled
 * (sync/catalog-index.ts `mirror`): instead of reading the whole catalog back out of IndexedDB
 * once the last page arrived, each committed page's products go into an IndexBuilder (what the
 * row itself holds: its words and part number) while the worker would otherwise wait for
 * IndexedDB, and the brand, series and category names, which may come in later pages, are added
 * when the build finishes (`IndexBuilder.setFacets`). docs/decisions/sync.md "Search index built
 * during the download".
 *
 * Must stay true: pages are indexed in the order they were taken, each page's facet names and
 * links, then its product changes, then its product blocks (the order src/db/tables.ts
 * applyServerChanges stores them in), and all of them before `drain` returns.
 */
import type { PackedBlock, RowChange } from '../src/contracts/sync-pull';
import type { ProductRow } from '../src/db/product-chunks';
import type { PulledPage } from './pulled-page';
import { IndexBuilder } from './search/built-index';
import type { OwnSearchRow } from './search/types';

/** Rows of a product block indexed per step. */
const STEP = 2000;
/** How long indexing runs before it lets the download go on (ms). */
const SLICE_MS = 8;
/** The product fields the index and `enabled` read. */
const SEARCH_FIELDS = ['product_id', 'mpn', 'name', 'aaia', 'manufacturer_id', 'series_id', 'upc', 'status'] as const;

/** A pulled row's value as a number, null when absent or not a number. */
export const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v);
/** A pulled row's value as text ('' when absent). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** False for a product the shop disabled (never offered by the search). */
export const enabled = (row: Record<string, unknown>): boolean => row.status !== false;

export class DownloadMirror {
  readonly builder = new IndexBuilder();
  /** The cookie the last page taken stored. */
  cookie = 0;
  complete = false;
  private readonly tasks: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dropped = false;

  constructor(
    /** A page's facet names and category links, into the catalog index's maps. */
    private readonly noteFacets: (changes: readonly RowChange[], blocks: readonly PackedBlock[]) => void,
    /** A failed step: the mirror is dropped (the build then reads Dexie). */
    private readonly failed: (err: unknown) => void,
  ) {}

  /** Queues a committed page; its products are indexed while the worker is otherwise idle. */
  take(page: PulledPage): void {
    const { changes, blocks = [] } = page;
    this.tasks.push(() => {
      this.noteFacets(changes, blocks);
      for (const c of changes) {
        if (c.table !== 'products') continue;
        if (c.row && enabled(c.row)) this.builder.addOwn(ownRow(c.row));
        else this.builder.kill(Number(c.key));
      }
    });
    for (const b of blocks) {
      if (b.table !== 'products') continue;
      const at = SEARCH_FIELDS.map((f) => [f, b.cols.indexOf(f)] as const).filter(([, i]) => i >= 0);
      for (let from = 0; from < b.rows.length; from += STEP) {
        this.tasks.push(() => {
          for (let k = from; k < Math.min(from + STEP, b.rows.length); k++) {
            const r = b.rows[k]!;
            const row: ProductRow = {};
            for (const [f, i] of at) row[f] = r[i];
            if (enabled(row)) this.builder.addOwn(ownRow(row));
            else this.builder.kill(Number(row.product_id));
          }
        });
      }
    }
    // The page's new keys and names sorted as a run of their own (IndexBuilder.presort).
    this.tasks.push(() => this.builder.presort());
    this.cookie = page.cookie;
    this.complete = page.complete;
    this.schedule();
  }

  /** Indexes whatever is still queued, now (the build after the last page). */
  drain(): IndexBuilder {
    this.stop();
    for (const task of this.tasks.splice(0)) task();
    return this.builder;
  }

  /** Stops indexing; the queued pages are forgotten. */
  drop(): void {
    this.dropped = true;
    this.stop();
    this.tasks.length = 0;
  }

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs queued steps a slice at a time, each slice a task of its own, so IndexedDB's callbacks come between. */
  private schedule(): void {
    if (this.timer !== null || this.tasks.length === 0 || this.dropped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const until = performance.now() + SLICE_MS;
      try {
        while (this.tasks.length > 0 && performance.now() < until) this.tasks.shift()!();
      } catch (err) {
        this.drop();
        this.failed(err);
        return;
      }
      this.schedule();
    }, 0);
  }
}

/** A pulled product row as the index's builder takes it. */
function ownRow(r: ProductRow): OwnSearchRow {
  return {
    product_id: Number(r.product_id),
    mpn: text(r.mpn),
    name: text(r.name),
    aaia: text(r.aaia) || null,
    manufacturer_id: num(r.manufacturer_id),
    series_id: num(r.series_id),
    upc: text(r.upc) || null,
  };
}
