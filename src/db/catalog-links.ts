/**
 * Stock per location (`product_stock`) and category links (`product_categories`) on the device,
 * grouped: one `catalogLinks` record per LINK_CHUNK consecutive product ids holds every such row
 * of those products. A 200,000-part catalog brings ~1 million of these small rows; IndexedDB's
 * cost is per record, so one record per row made them most of the initial download
 * (docs/decisions/sync.md "Initial download and device catalog lookups": 163.5 s for the rows vs
 * 55.4 s grouped).
 *
 * Must stay true: a row lives in exactly one chunk (chunkOf its product id) under its wire key
 * ('productId:locationId' / 'productId:categoryId'); applying a page's changes in order leaves
 * the same rows as applying them one by one (the last change of a key wins, null deletes).
 */
import type { Table } from 'dexie';
import type { RowChange } from '../contracts/sync-pull';
import type { ChunkStores, LinkChunk } from './chunk-stores';

/** Products per record: small enough that a stock change rewrites ~25 KB, large enough to cut records 64-fold. */
export const LINK_CHUNK = 64;

export const isLinkTable = (t: string): t is 'product_stock' | 'product_categories' =>
  t === 'product_stock' || t === 'product_categories';

/** The product id of a wire key ('12:7' -> 12). */
const ownerOf = (key: string): number => Number(key.slice(0, key.indexOf(':')));

export const chunkOf = (productId: number): number => Math.floor(productId / LINK_CHUNK);

export const emptyChunk = (k: number): LinkChunk => ({ k, stock: {}, categories: {} });

/** Puts (or with row null, removes) one link row in the chunk map, creating the chunk when absent. */
export function putLink(
  chunks: Map<number, LinkChunk>,
  table: 'product_stock' | 'product_categories',
  key: string,
  row: Record<string, unknown> | null,
): void {
  const k = chunkOf(ownerOf(key));
  let chunk = chunks.get(k);
  if (!chunk) chunks.set(k, (chunk = emptyChunk(k)));
  const rows = table === 'product_stock' ? chunk.stock : chunk.categories;
  if (row) rows[key] = row;
  else delete rows[key];
}

/** How one grouped store (links, products, fitment) files a change: see writeChunks. */
export interface ChunkLayout<C extends { k: number }> {
  /** The chunk a change belongs in. */
  keyOf: (c: RowChange) => number;
  empty: (k: number) => C;
  /** Puts (row) or removes (row null) the change's row in the chunk map. */
  put: (chunks: Map<number, C>, c: RowChange) => void;
  isEmpty: (chunk: C) => boolean;
}

/**
 * The read-change-write of every grouped store: the chunks a page's changes touch read in one
 * bulkGet, each change put in page order, then emptied chunks deleted and the rest written in one
 * bulkPut. Call inside a transaction over `table`.
 */
export async function writeChunks<C extends { k: number }>(
  table: Table<C, number>,
  changes: readonly RowChange[],
  layout: ChunkLayout<C>,
): Promise<void> {
  if (changes.length === 0) return;
  const keys = [...new Set(changes.map(layout.keyOf))];
  const found = await table.bulkGet(keys);
  const chunks = new Map<number, C>(keys.map((k, i) => [k, found[i] ?? layout.empty(k)]));
  for (const c of changes) layout.put(chunks, c);
  const all = [...chunks.values()];
  const emptied = all.filter(layout.isEmpty).map((c) => c.k);
  const full = all.filter((c) => !layout.isEmpty(c));
  if (emptied.length) await table.bulkDelete(emptied);
  if (full.length) await table.bulkPut(full);
}

/** Writes link changes (in page order) to their chunks. Call inside a transaction over `catalogLinks`. */
export function applyLinkChanges(db: ChunkStores, changes: readonly RowChange[]): Promise<void> {
  return writeChunks(db.catalogLinks, changes, {
    keyOf: (c) => chunkOf(ownerOf(c.key)),
    empty: emptyChunk,
    put: (chunks, c) => putLink(chunks, c.table as 'product_stock' | 'product_categories', c.key, c.row),
    isEmpty: (c) => Object.keys(c.stock).length === 0 && Object.keys(c.categories).length === 0,
  });
}

/** Rows of one product in a chunk's map, in key order (as the per-row store listed them). */
function rowsOf(rows: Record<string, Record<string, unknown>>, productId: number): Record<string, unknown>[] {
  const prefix = `${productId}:`;
  return Object.keys(rows)
    .filter((k) => k.startsWith(prefix))
    .sort()
    .map((k) => rows[k]!);
}

/** The cached product_stock rows of one product. */
export async function stockRows(db: ChunkStores, productId: number): Promise<Record<string, unknown>[]> {
  const chunk = await db.catalogLinks.get(chunkOf(productId));
  return chunk ? rowsOf(chunk.stock, productId) : [];
}

/** The category ids of one product, from its cached product_categories rows. */
export async function productCategoryIds(db: ChunkStores, productId: number): Promise<number[]> {
  const chunk = await db.catalogLinks.get(chunkOf(productId));
  return chunk ? rowsOf(chunk.categories, productId).map((r) => Number(r.category_id)) : [];
}

/** Every cached category link as product id -> category ids, read in chunks of `batch` records. */
export async function categoryLinks(db: ChunkStores, batch = 1000): Promise<Map<number, number[]>> {
  const links = new Map<number, number[]>();
  let after: number | null = null;
  for (;;) {
    const chunks: LinkChunk[] = await (
      after === null ? db.catalogLinks.orderBy('k') : db.catalogLinks.where('k').above(after)
    )
      .limit(batch)
      .toArray();
    if (chunks.length === 0) break;
    for (const chunk of chunks) {
      for (const r of Object.values(chunk.categories)) {
        const p = Number(r.product_id);
        const list = links.get(p);
        if (list) list.push(Number(r.category_id));
        else links.set(p, [Number(r.category_id)]);
      }
    }
    after = chunks[chunks.length - 1]!.k;
  }
  return links;
}
