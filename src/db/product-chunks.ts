/**
 * Product rows on the device, grouped: one `productChunks` record per LINK_CHUNK consecutive
 * product ids holds those products' rows (as pulled, by product id), the way catalog-links.ts
 * groups their stock and category links. IndexedDB's cost is per record: 200,000 product records
 * were most of what a 200,000-part download still stored one by one (docs/decisions/sync.md "Initial
 * download, version 3").
 *
 * Must stay true: a product lives in exactly one chunk (chunkOf its id) under its wire key (the
 * product id as text); applying a page's changes in order leaves the same rows as applying them
 * one by one (the last change of a key wins, null deletes); a chunk left empty is deleted.
 */
import type { RowChange } from '../contracts/sync-pull';
import { chunkOf, writeChunks } from './catalog-links';
import type { ChunkStores, ProductChunk } from './chunk-stores';

export type ProductRow = Record<string, unknown>;

const emptyChunk = (k: number): ProductChunk => ({ k, rows: {} });

/** Puts (or with row null, removes) one product row in the chunk map, creating the chunk when absent. */
export function putProduct(chunks: Map<number, ProductChunk>, key: string, row: ProductRow | null): void {
  const k = chunkOf(Number(key));
  let chunk = chunks.get(k);
  if (!chunk) chunks.set(k, (chunk = emptyChunk(k)));
  if (row) chunk.rows[key] = row;
  else delete chunk.rows[key];
}

/** Writes product changes (in page order) to their chunks. Call inside a transaction over `productChunks`. */
export function applyProductChanges(db: ChunkStores, changes: readonly RowChange[]): Promise<void> {
  return writeChunks(db.productChunks, changes, {
    keyOf: (c) => chunkOf(Number(c.key)),
    empty: emptyChunk,
    put: (chunks, c) => putProduct(chunks, c.key, c.row),
    isEmpty: (c) => Object.keys(c.rows).length === 0,
  });
}

/** One cached product row, or undefined. */
export async function productRow(db: ChunkStores, productId: number): Promise<ProductRow | undefined> {
  return (await db.productChunks.get(chunkOf(productId)))?.rows[String(productId)];
}

/** Cached product rows of `ids`, in the same order (undefined where absent). */
export async function productRows(db: ChunkStores, ids: readonly number[]): Promise<(ProductRow | undefined)[]> {
  const keys = [...new Set(ids.map(chunkOf))];
  const found = await db.productChunks.bulkGet(keys);
  const byKey = new Map(keys.map((k, i) => [k, found[i]]));
  return ids.map((id) => byKey.get(chunkOf(id))?.rows[String(id)]);
}

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
  const read = (after: number | null): Promise<ProductChunk[]> =>
    (after === null ? db.productChunks.orderBy('k') : db.productChunks.where('k').above(after)).limit(batch).toArray();
  let next = read(null);
  for (;;) {
    const chunks = await next;
    if (chunks.length === 0) return;
    next = read(chunks[chunks.length - 1]!.k);
    // Reported by the await above when `each` succeeds; never unhandled when `each` throws.
    next.catch(() => undefined);
    const stop = await each(
      chunks.flatMap((c) =>
        Object.keys(c.rows)
          .sort((a, b) => Number(a) - Number(b))
          .map((id) => c.rows[id]!),
      ),
    );
    if (stop === true) return;
  }
}
