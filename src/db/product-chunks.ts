/**
 * Product rows on the device, grouped: one `productChunks` record per LINK_CHUNK consecutive
 * product ids holds those products' rows as tuples (tuple-chunks.ts, Dexie version 16), the way
 * catalog-links.ts groups their stock and category links. IndexedDB's cost is per record and per
 * value it copies: 200,000 product records were most of what a 200,000-part download still stored
 * one by one (docs/decisions/sync.md "Initial download, version 3"), and a property name per value
 * most of what the grouped records still copied ("Device catalog v16: rows as tuples").
 *
 * Must stay true: a product lives in exactly one chunk (chunkOf its id) under its wire key (the
 * product id as text); applying a page's changes in order leaves the same rows as applying them
 * one by one (the last change of a key wins, null deletes); a chunk left empty is deleted.
 */
import type { PackedBlock, RowChange } from '../contracts/sync-pull';
import { chunkOf } from './catalog-links';
import type { ChunkStores } from './chunk-stores';
import { blockRows } from './packed-rows';
import { putRowObject, putTuples, rewriteChunks, rowObject, rowOf, type TupleChunk } from './tuple-chunks';

export type ProductRow = Record<string, unknown>;

/** Writes product changes (row form, in page order) to their chunks. Call inside a transaction over `productChunks`. */
export function applyProductChanges(db: ChunkStores, changes: readonly RowChange[]): Promise<void> {
  return rewriteChunks(
    db.productChunks,
    changes.map((c) => chunkOf(Number(c.key))),
    (chunk) => {
      for (const c of changes) putRowObject(chunk(chunkOf(Number(c.key))), c.key, c.row);
    },
  );
}

/** Writes a `products` column block (pack=1) to its chunks, each row as it came. */
export function applyProductBlock(db: ChunkStores, block: PackedBlock): Promise<void> {
  const byChunk = blockRows(block, (key) => chunkOf(Number(key)));
  return rewriteChunks(db.productChunks, [...byChunk.keys()], (chunk) => {
    for (const [k, rows] of byChunk) putTuples(chunk(k), block.cols, rows);
  });
}

/** One cached product row, or undefined. */
export async function productRow(db: ChunkStores, productId: number): Promise<ProductRow | undefined> {
  return rowOf(await db.productChunks.get(chunkOf(productId)), String(productId));
}

/** Cached product rows of `ids`, in the same order (undefined where absent). */
export async function productRows(db: ChunkStores, ids: readonly number[]): Promise<(ProductRow | undefined)[]> {
  const keys = [...new Set(ids.map(chunkOf))];
  const found = await db.productChunks.bulkGet(keys);
  const byKey = new Map(keys.map((k, i) => [k, found[i]]));
  return ids.map((id) => rowOf(byKey.get(chunkOf(id)), String(id)));
}

/** A chunk's rows as objects, in product id order. */
const chunkRows = (c: TupleChunk): ProductRow[] =>
  c.keys
    .map((id, i) => [Number(id), i] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, i]) => rowObject(c.cols, c.rows[i]!));

/**
 * Every cached product row, `batch` chunk records per read transaction (so a pull is not held up
 * for long), handed to `each` batch by batch in product id order. The next batch is read while
 * `each` works on this one (IndexedDB reads in the browser process, `each` in this realm).
 * `each` returning true stops the walk (a lookup that found its row).
 */
export async function eachProductBatch(
  db: ChunkStores,
  each: (rows: ProductRow[]) => void | boolean | Promise<void | boolean>,
  batch = 80,
): Promise<void> {
  const read = (after: number | null): Promise<TupleChunk[]> =>
    (after === null ? db.productChunks.orderBy('k') : db.productChunks.where('k').above(after)).limit(batch).toArray();
  let next = read(null);
  for (;;) {
    const chunks = await next;
    if (chunks.length === 0) return;
    next = read(chunks[chunks.length - 1]!.k);
    // Reported by the await above when `each` succeeds; never unhandled when `each` throws.
    next.catch(() => undefined);
    const stop = await each(chunks.flatMap(chunkRows));
    if (stop === true) return;
  }
}
