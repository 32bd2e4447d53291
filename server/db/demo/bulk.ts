/**
 * Batched multi-row inserts for the demo data: one INSERT per ~1000 rows keeps both engines far
 * from the 65,535-parameter limit and PGlite near its measured ~30k rows/s.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../schema';

const CHUNK = 1000;

type Table = keyof DB;

/** The widest batch that stays under PostgreSQL's parameter limit for rows of `columns` columns. */
function chunkFor(columns: number): number {
  return Math.max(1, Math.min(CHUNK, Math.floor(60_000 / Math.max(1, columns))));
}

export async function insertRows<T extends Table>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  onProgress?: (done: number) => void,
): Promise<void> {
  if (rows.length === 0) return;
  const size = chunkFor(Object.keys(rows[0] as object).length);
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot relate a generic table name to its row type; the signature above does.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
    onProgress?.(Math.min(i + size, rows.length));
  }
}

/** Inserts and returns the chosen columns of every inserted row (in no promised order). */
export async function insertReturning<T extends Table, K extends keyof Selectable<DB[T]> & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  columns: readonly K[],
): Promise<Pick<Selectable<DB[T]>, K>[]> {
  const out: Pick<Selectable<DB[T]>, K>[] = [];
  if (rows.length === 0) return out;
  const size = chunkFor(Object.keys(rows[0] as object).length);
  for (let i = 0; i < rows.length; i += size) {
    // Row order of RETURNING is not promised by PostgreSQL: callers map results by a natural key.
    const got = await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .returning(columns as never)
      .execute();
    out.push(...(got as Pick<Selectable<DB[T]>, K>[]));
  }
  return out;
}
