/**
 * Rows of one bulk catalog table grouped per LINK_CHUNK consecutive product ids, each row kept as
 * a tuple of its values in the chunk's column order (Dexie version 16): products
 * (product-chunks.ts), stock per location and category links (catalog-links.ts). IndexedDB copies
 * a record by structured clone, and an object's property names are written again for every row:
 * for 1.6 million rows that copying was the largest part of a 200,000-part download
 * (docs/decisions/sync.md "Device catalog v16: rows as tuples"). A tuple holds only the values,
 * and a pull's column blocks (`packed`, already `[value, ...]` per row in `cols` order) go in as
 * they arrived, without an object per row.
 *
 * Rows are two parallel arrays (keys, tuples) rather than an object by key: a record of a few
 * hundred string-named properties is copied by IndexedDB's slow path, an array of arrays by its
 * fast one.
 *
 * Must stay true: a row lives in exactly one chunk under its wire key, once; `cols[i]` names the i-th
 * value of every tuple of the chunk (a tuple may be shorter: missing trailing values are absent
 * columns); `version` is never part of a row read back (rowObject skips it), as the row form never
 * carried it; a chunk left without rows is deleted.
 */
import type { PromiseExtended, Table } from 'dexie';

export interface TupleChunk {
  /** floor(product_id / LINK_CHUNK) */
  k: number;
  /** Column names of the tuples' values, in order. */
  cols: string[];
  /** Wire keys of the rows, in no particular order; `rows[i]` is the row of `keys[i]`. */
  keys: string[];
  /** Rows as values in `cols` order. */
  rows: unknown[][];
}

export const emptyTupleChunk = (k: number): TupleChunk => ({ k, cols: [], keys: [], rows: [] });

/** The row a tuple stands for, as the row form carried it (every column but `version`). */
export function rowObject(cols: readonly string[], tuple: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const n = Math.min(cols.length, tuple.length);
  for (let i = 0; i < n; i++) {
    const c = cols[i]!;
    if (c !== 'version') row[c] = tuple[i];
  }
  return row;
}

const sameCols = (a: readonly string[], b: readonly string[]): boolean =>
  a === b || (a.length === b.length && a.every((c, i) => c === b[i]));

export const isEmptyChunk = (c: TupleChunk): boolean => c.keys.length === 0;

/** Where each key sits in a chunk being changed (built on first use; chunks live for one transaction). */
const positions = new WeakMap<TupleChunk, Map<string, number>>();
function positionsOf(c: TupleChunk): Map<string, number> {
  let m = positions.get(c);
  if (!m) positions.set(c, (m = new Map(c.keys.map((k, i) => [k, i]))));
  return m;
}

function setRow(c: TupleChunk, key: string, values: unknown[]): void {
  const m = positionsOf(c);
  const i = m.get(key);
  if (i !== undefined) {
    c.rows[i] = values;
    return;
  }
  m.set(key, c.keys.length);
  c.keys.push(key);
  c.rows.push(values);
}

/** Removes a key's row by moving the last row into its place (order carries no meaning). */
function deleteRow(c: TupleChunk, key: string): void {
  const m = positionsOf(c);
  const i = m.get(key);
  if (i === undefined) return;
  const last = c.keys.length - 1;
  if (i !== last) {
    c.keys[i] = c.keys[last]!;
    c.rows[i] = c.rows[last]!;
    m.set(c.keys[i], i);
  }
  c.keys.pop();
  c.rows.pop();
  m.delete(key);
}

/**
 * Values given in `cols` order, laid out in the chunk's order: the chunk gains any column it did
 * not have (a migration added one), and the tuples it holds keep their values (shorter tuples
 * simply lack the new column).
 */
function layout(chunk: TupleChunk, cols: readonly string[], values: readonly unknown[]): unknown[] {
  const missing = cols.filter((c) => !chunk.cols.includes(c));
  // A new array: `cols` may be a block's own, shared by other chunks.
  if (missing.length) chunk.cols = [...chunk.cols, ...missing];
  const at = new Map(cols.map((c, i) => [c, i]));
  return chunk.cols.map((c) => {
    const i = at.get(c);
    return i === undefined ? null : values[i];
  });
}

/**
 * Puts rows given as tuples in `cols` order (a column block's rows, each key once) into their
 * chunk. A chunk without rows takes the given arrays as they are, `cols` as its order.
 */
export function putTuples(chunk: TupleChunk, cols: string[], rows: { keys: string[]; values: unknown[][] }): void {
  if (isEmptyChunk(chunk)) {
    chunk.cols = cols;
    chunk.keys = rows.keys;
    chunk.rows = rows.values;
    positions.delete(chunk);
    return;
  }
  const same = sameCols(chunk.cols, cols);
  for (let i = 0; i < rows.keys.length; i++)
    setRow(chunk, rows.keys[i]!, same ? rows.values[i]! : layout(chunk, cols, rows.values[i]!));
}

/** Puts (or with row null, removes) one row given as an object (the row form). */
export function putRowObject(chunk: TupleChunk, key: string, row: Record<string, unknown> | null): void {
  if (!row) {
    deleteRow(chunk, key);
    return;
  }
  const cols = Object.keys(row);
  const values = cols.map((c) => row[c]);
  if (isEmptyChunk(chunk)) chunk.cols = cols;
  setRow(chunk, key, sameCols(chunk.cols, cols) ? values : layout(chunk, cols, values));
}

/** The row stored under `key`, as an object, or undefined. */
export function rowOf(chunk: TupleChunk | undefined, key: string): Record<string, unknown> | undefined {
  const i = chunk ? chunk.keys.indexOf(key) : -1;
  return chunk && i >= 0 ? rowObject(chunk.cols, chunk.rows[i]!) : undefined;
}

/**
 * The read-change-write of a tuple store: the chunks named by `keys` read in one bulkGet (or new),
 * changed by `change`, then those left empty deleted and the rest written in one bulkPut. Call
 * inside a transaction over `table`. Chained on Dexie's own promises, not an async function: a
 * caller that goes on writing in the same transaction after awaiting a few layers of native
 * promises finds it committed (Dexie's PrematureCommitError, seen with two such layers).
 */
export function rewriteChunks(
  table: Table<TupleChunk, number>,
  keys: readonly number[],
  change: (chunkOf: (k: number) => TupleChunk) => void,
): PromiseExtended<void> {
  const unique = [...new Set(keys)];
  let full: TupleChunk[] = [];
  return table
    .bulkGet(unique)
    .then((found) => {
      const chunks = new Map<number, TupleChunk>(unique.map((k, i) => [k, found[i] ?? emptyTupleChunk(k)]));
      change((k) => {
        let c = chunks.get(k);
        if (!c) chunks.set(k, (c = emptyTupleChunk(k)));
        return c;
      });
      const all = [...chunks.values()];
      full = all.filter((c) => !isEmptyChunk(c));
      return table.bulkDelete(all.filter(isEmptyChunk).map((c) => c.k));
    })
    .then(() => table.bulkPut(full))
    .then(() => undefined);
}
