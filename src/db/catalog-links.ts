/**
 * Stock per location (`product_stock`) and category links (`product_categories`) on the device,
 * grouped: one `stockChunks` and one `categoryChunks` record per LINK_CHUNK consecutive product ids
 * hold every such row of those products, as tuples (tuple-chunks.ts, Dexie version 16). A
 * 200,000-part catalog brings ~1 million of these small rows; IndexedDB's cost is per record, so
 * one record per row made them most of the initial download (docs/decisions/sync.md "Initial
 * download and device catalog lookups": 163.5 s for the rows vs 55.4 s grouped). Stock and links
 * were one record until version 16: a download's category lines then read back and wrote again
 * every chunk its stock lines had written ("Device catalog v16: rows as tuples").
 *
 * Must stay true: a row lives in exactly one chunk of its table's store (chunkOf its product id)
 * under its wire key ('productId:locationId' / 'productId:categoryId'); applying a page's changes
 * in order leaves the same rows as applying them one by one (the last change of a key wins, null
 * deletes).
 */
import type { PromiseExtended, Table } from 'dexie';
import type { PackedBlock, RowChange } from '../contracts/sync-pull';
import type { ChunkStores } from './chunk-stores';
import { blockRows } from './packed-rows';
import { putRowObject, putTuples, rewriteChunks, rowObject, type TupleChunk } from './tuple-chunks';

/** Products per record: small enough that a stock change rewrites a few KB, large enough to cut records 64-fold. */
export const LINK_CHUNK = 64;

export type LinkTable = 'product_stock' | 'product_categories';

export const isLinkTable = (t: string): t is LinkTable => t === 'product_stock' || t === 'product_categories';

/** The product id of a wire key ('12:7' -> 12). */
const ownerOf = (key: string): number => Number(key.slice(0, key.indexOf(':')));

export const chunkOf = (productId: number): number => Math.floor(productId / LINK_CHUNK);

const storeOf = (db: ChunkStores, table: LinkTable): Table<TupleChunk, number> =>
  table === 'product_stock' ? db.stockChunks : db.categoryChunks;

/** How one grouped store (fitment) files a change: see writeChunks. */
export interface ChunkLayout<C extends { k: number }> {
  /** The chunk a change belongs in. */
  keyOf: (c: RowChange) => number;
  empty: (k: number) => C;
  /** Puts (row) or removes (row null) the change's row in the chunk map. */
  put: (chunks: Map<number, C>, c: RowChange) => void;
  isEmpty: (chunk: C) => boolean;
}

/**
 * The read-change-write of a grouped store: the chunks a page's changes touch read in one
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

/**
 * Writes link changes (row form, in page order) to their chunks. Call inside a transaction over
 * both link stores. One Dexie promise chain (see tuple-chunks.ts rewriteChunks).
 */
export function applyLinkChanges(db: ChunkStores, changes: readonly RowChange[]): PromiseExtended<void> {
  const write = (table: LinkTable) => {
    const mine = changes.filter((c) => c.table === table);
    return rewriteChunks(
      storeOf(db, table),
      mine.map((c) => chunkOf(ownerOf(c.key))),
      (chunk) => {
        for (const c of mine) putRowObject(chunk(chunkOf(ownerOf(c.key))), c.key, c.row);
      },
    );
  };
  return write('product_stock').then(() => write('product_categories'));
}

/** Writes a `product_stock` or `product_categories` column block (pack=1) to its chunks, each row as it came. */
export function applyLinkBlock(db: ChunkStores, block: PackedBlock & { table: LinkTable }): Promise<void> {
  const byChunk = blockRows(block, (key) => chunkOf(ownerOf(key)));
  return rewriteChunks(storeOf(db, block.table), [...byChunk.keys()], (chunk) => {
    for (const [k, rows] of byChunk) putTuples(chunk(k), block.cols, rows);
  });
}

/** Rows of one product in a chunk, in key order (as the per-row store listed them). */
function rowsOf(chunk: TupleChunk | undefined, productId: number): Record<string, unknown>[] {
  if (!chunk) return [];
  const prefix = `${productId}:`;
  return chunk.keys
    .map((k, i) => [k, i] as const)
    .filter(([k]) => k.startsWith(prefix))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, i]) => rowObject(chunk.cols, chunk.rows[i]!));
}

/** The cached product_stock rows of one product. */
export async function stockRows(db: ChunkStores, productId: number): Promise<Record<string, unknown>[]> {
  return rowsOf(await db.stockChunks.get(chunkOf(productId)), productId);
}

/** The category ids of one product, from its cached product_categories rows. */
export async function productCategoryIds(db: ChunkStores, productId: number): Promise<number[]> {
  return rowsOf(await db.categoryChunks.get(chunkOf(productId)), productId).map((r) => Number(r.category_id));
}

/** Every cached category link as product id -> category ids, read in chunks of `batch` records. */
export async function categoryLinks(db: ChunkStores, batch = 1000): Promise<Map<number, number[]>> {
  const links = new Map<number, number[]>();
  let after: number | null = null;
  for (;;) {
    const chunks: TupleChunk[] = await (
      after === null ? db.categoryChunks.orderBy('k') : db.categoryChunks.where('k').above(after)
    )
      .limit(batch)
      .toArray();
    if (chunks.length === 0) break;
    for (const chunk of chunks) {
      // The wire key names both ids ('productId:categoryId').
      for (const key of chunk.keys) {
        const product = ownerOf(key);
        const category = Number(key.slice(key.indexOf(':') + 1));
        const list = links.get(product);
        if (list) list.push(category);
        else links.set(product, [category]);
      }
    }
    after = chunks[chunks.length - 1]!.k;
  }
  return links;
}
