/**
 * Compact fitment on the device (cache schema 4): one `fitment` record per LINK_CHUNK consecutive
 * product ids, like their product rows (product-chunks.ts) and links (catalog-links.ts), holding
 * each product's fitment rows as short number tuples by fitment id. A 200,000-part catalog has
 * ~400,000 fitment rows; a record per row would cost more than the products themselves.
 *
 * Wire keys are 'productId:fitmentId' (migration 0016), tombstones too, so a deletion names its
 * product's group. Keys without ':' are tombstones written before that migration (rows deleted
 * before any device held fitment): ignored.
 *
 * Must stay true: a fitment row lives in exactly one chunk (chunkOf its product id) under its
 * product and fitment id; applying a page's changes in order leaves the same rows as applying them
 * one by one (the last change of a key wins, null deletes); a product left without rows is
 * removed from its chunk and a chunk left empty is deleted.
 */
import type { PromiseExtended } from 'dexie';
import type { PackedBlock, RowChange } from '../contracts/sync-pull';
import { chunkOf, writeChunks } from './catalog-links';
import type { ChunkStores, FitmentChunk, FitTuple } from './chunk-stores';
import { blockKeys, colOf } from './packed-rows';

/** The part_fitment columns of a tuple's first eight values, in tuple order (notes is the ninth). */
export const FIT_COLUMNS = [
  'year_from',
  'year_to',
  'make_id',
  'model_id',
  'sub_model_id',
  'body_type_id',
  'bed_length_id',
  'engine_config_id',
] as const;

const id0 = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** The tuple of a pulled part_fitment row (server columns as the wire sends them). */
export function fitTuple(row: Record<string, unknown>): FitTuple {
  const notes = row.notes;
  return [
    Number(row.year_from),
    Number(row.year_to),
    Number(row.make_id),
    Number(row.model_id),
    id0(row.sub_model_id),
    id0(row.body_type_id),
    id0(row.bed_length_id),
    id0(row.engine_config_id),
    typeof notes === 'string' ? notes : null,
  ];
}

/** 'productId:fitmentId' -> [productId, fitmentId], or null for a key of another form. */
function splitKey(key: string): [string, string] | null {
  const at = key.indexOf(':');
  if (at <= 0 || at === key.length - 1) return null;
  return [key.slice(0, at), key.slice(at + 1)];
}

/** Puts (or with row null, removes) one fitment row in the chunk map, creating the chunk when absent. */
export function putFitment(chunks: Map<number, FitmentChunk>, key: string, row: Record<string, unknown> | null): void {
  const parts = splitKey(key);
  if (!parts) return;
  const [product, fitment] = parts;
  const k = chunkOf(Number(product));
  let chunk = chunks.get(k);
  if (!chunk) chunks.set(k, (chunk = { k, rows: {} }));
  if (row) (chunk.rows[product] ??= {})[fitment] = fitTuple(row);
  else {
    const of = chunk.rows[product];
    if (!of) return;
    delete of[fitment];
    if (Object.keys(of).length === 0) delete chunk.rows[product];
  }
}

/** Writes part_fitment changes (in page order) to their chunks; keys of another form are skipped. Call inside a transaction over `fitment`. */
export function applyFitmentChanges(db: ChunkStores, changes: readonly RowChange[]): Promise<void> {
  return writeChunks(
    db.fitment,
    changes.filter((c) => splitKey(c.key) !== null),
    {
      keyOf: (c) => chunkOf(Number(splitKey(c.key)![0])),
      empty: (k) => ({ k, rows: {} }),
      put: (chunks, c) => putFitment(chunks, c.key, c.row),
      isEmpty: (c) => Object.keys(c.rows).length === 0,
    },
  );
}

/**
 * Writes a `part_fitment` column block (pack=1) to its chunks: each row straight into its tuple,
 * without an object per row. Keys of another form are skipped, as by applyFitmentChanges.
 */
export function applyFitmentBlock(db: ChunkStores, block: PackedBlock): PromiseExtended<void> {
  const keys = blockKeys(block);
  const at = (c: string) => colOf(block, c);
  const col = FIT_COLUMNS.map(at);
  const notes = block.cols.indexOf('notes');
  const wanted: number[] = [];
  const split: [string, string][] = [];
  for (let i = 0; i < keys.length; i++) {
    const parts = splitKey(keys[i]!);
    if (!parts) continue;
    wanted.push(i);
    split.push(parts);
  }
  const fill = (chunks: Map<number, FitmentChunk>): void => {
    for (let j = 0; j < wanted.length; j++) {
      const r = block.rows[wanted[j]!]!;
      const [product, fitment] = split[j]!;
      const n = notes < 0 ? null : r[notes];
      const v = (j: number) => r[col[j]!];
      (chunks.get(chunkOf(Number(product)))!.rows[product] ??= {})[fitment] = [
        Number(v(0)),
        Number(v(1)),
        Number(v(2)),
        Number(v(3)),
        id0(v(4)),
        id0(v(5)),
        id0(v(6)),
        id0(v(7)),
        typeof n === 'string' ? n : null,
      ];
    }
  };
  // One Dexie promise chain, no early return (see tuple-chunks.ts rewriteChunks).
  const chunkKeys = [...new Set(split.map(([p]) => chunkOf(Number(p))))];
  return db.fitment.bulkGet(chunkKeys).then((found) => {
    const chunks = new Map(chunkKeys.map((k, i) => [k, found[i] ?? { k, rows: {} }]));
    fill(chunks);
    return db.fitment.bulkPut([...chunks.values()]).then(() => undefined);
  });
}

/** The cached fitment tuples of each product in `ids` (an empty list for a product without any). */
export async function fitmentOf(db: ChunkStores, ids: readonly number[]): Promise<Map<number, FitTuple[]>> {
  const keys = [...new Set(ids.map(chunkOf))];
  const found = await db.fitment.bulkGet(keys);
  const byKey = new Map(keys.map((k, i) => [k, found[i]]));
  return new Map(ids.map((id) => [id, Object.values(byKey.get(chunkOf(id))?.rows[String(id)] ?? {})]));
}
