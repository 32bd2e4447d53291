/**
 * A pull's column block (`packed`, src/contracts/sync-pull.ts) split by the chunk its rows belong
 * in, without an object per row: the device's grouped stores take the rows as the tuples they
 * came as (tuple-chunks.ts). Checks what unpackChanges checks: every row has a value per column,
 * the key and version columns exist, the version is an integer; a malformed block throws.
 */
import type { PackedBlock } from '../contracts/sync-pull';

export interface ChunkRows {
  keys: string[];
  values: unknown[][];
}

/** Column index of `c` in the block, or a throw. */
export function colOf(block: PackedBlock, c: string): number {
  const i = block.cols.indexOf(c);
  if (i < 0) throw new Error(`packed ${block.table}: no column ${c}`);
  return i;
}

/** Throws unless every row has a value per column, the key and version columns exist and each version is an integer. */
export function checkBlock(block: PackedBlock): void {
  const v = colOf(block, 'version');
  for (const c of block.key) colOf(block, c);
  const n = block.cols.length;
  for (const r of block.rows) {
    if (r.length !== n) throw new Error(`packed ${block.table}: a row of ${r.length} values for ${n} columns`);
    if (!Number.isInteger(Number(r[v]))) throw new Error(`packed ${block.table}: bad version`);
  }
}

/** The wire key of each row (key columns joined with ':', as the row form's `key`). */
export function blockKeys(block: PackedBlock): string[] {
  const v = colOf(block, 'version');
  const keys = block.key.map((c) => colOf(block, c));
  const n = block.cols.length;
  const out = new Array<string>(block.rows.length);
  for (let i = 0; i < block.rows.length; i++) {
    const r = block.rows[i]!;
    if (r.length !== n) throw new Error(`packed ${block.table}: a row of ${r.length} values for ${n} columns`);
    if (!Number.isInteger(Number(r[v]))) throw new Error(`packed ${block.table}: bad version`);
    out[i] = keys.length === 1 ? String(r[keys[0]!]) : keys.map((k) => String(r[k])).join(':');
  }
  return out;
}

/** The block's rows grouped by `chunkOf(key)`, in block order within each chunk. */
export function blockRows(block: PackedBlock, chunkOf: (key: string) => number): Map<number, ChunkRows> {
  const keys = blockKeys(block);
  const out = new Map<number, ChunkRows>();
  for (let i = 0; i < keys.length; i++) {
    const k = chunkOf(keys[i]!);
    let g = out.get(k);
    if (!g) out.set(k, (g = { keys: [], values: [] }));
    g.keys.push(keys[i]!);
    g.values.push(block.rows[i]!);
  }
  return out;
}
