/**
 * Column-form pull blocks (`pack=1`, src/contracts/sync-pull.ts packedBlockSchema), built by the
 * database: one `json_agg` per table and page, read back as ONE text value that the route splices
 * into the reply unparsed. Row by row, a 200,000-part download's 1.2 million rows each went
 * through PGlite's protocol parser, pg's row parser, wireRaw and JSON.stringify; most of the
 * server's time per page (docs/decisions/sync.md "Initial download, version 3").
 *
 * Must stay true: a decoded block row equals what `fetch` sends for the same row (same columns in
 * the same order, numeric and bigint as strings, timestamps as ISO strings in UTC with
 * milliseconds): tests/integration/sync/pull-packed.test.ts compares them over the demo catalog.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import type { Range } from './pull-range';

/** A block with its rows still JSON text (an array of arrays), as the database wrote it. */
export interface PackedText {
  table: string;
  key: readonly string[];
  cols: string[];
  rows: string;
  count: number;
}

/** The JSON expression giving a column's wire value (pg's JS value, as wireRaw sends it). */
function wireExpr(col: string, type: string): RawBuilder<unknown> {
  const ref = sql.ref(col);
  switch (type) {
    case 'integer':
    case 'smallint':
    case 'text':
    case 'character varying':
    case 'boolean':
    case 'json':
    case 'jsonb':
      return ref;
    case 'numeric':
    case 'bigint':
      return sql`${ref}::text`;
    case 'timestamp with time zone':
      return sql`to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      throw new Error(`pull-packed: column ${col} of type ${type} has no wire form here`);
  }
}

/**
 * Columns by table, read once per database handle (the schema only changes by migration, before
 * serving). Keyed by the handle, not the process: one process may hold databases at different schema
 * versions (a move between engines, the test suite's files sharing one worker).
 */
const columnCaches = new WeakMap<Kysely<DB>, Map<string, Promise<{ name: string; type: string }[]>>>();

function columnsOf(db: Kysely<DB>, table: string): Promise<{ name: string; type: string }[]> {
  const columnCache = columnCaches.get(db) ?? new Map<string, Promise<{ name: string; type: string }[]>>();
  columnCaches.set(db, columnCache);
  let cols = columnCache.get(table);
  if (!cols) {
    cols = sql<{ name: string; type: string }>`
      select column_name as name, data_type as type from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`
      .execute(db)
      .then((r) => r.rows);
    columnCache.set(table, cols);
    cols.catch(() => columnCache.delete(table));
  }
  return cols;
}

/** The rows of `table` with after < version <= upTo, as one column-form block (version last). */
export async function fetchPacked(
  db: Kysely<DB>,
  table: string,
  key: readonly string[],
  omit: readonly string[],
  page: Range,
): Promise<PackedText> {
  const cols = (await columnsOf(db, table)).filter((c) => c.name !== 'version' && !omit.includes(c.name));
  const values = sql.join([...cols.map((c) => wireExpr(c.name, c.type)), sql.ref('version')]);
  const r = await sql<{ n: number; rows: string }>`
    select count(*)::int as n, coalesce(json_agg(json_build_array(${values}) order by version), '[]')::text as rows
    from ${sql.table(table)} where version > ${page.after} and version <= ${page.upTo}`.execute(db);
  const row = r.rows[0];
  return {
    table,
    key,
    cols: [...cols.map((c) => c.name), 'version'],
    rows: row?.rows ?? '[]',
    count: Number(row?.n ?? 0),
  };
}

/** The reply's JSON text: `reply` serialized with `packed` spliced in unparsed. */
export function packedReplyText(reply: object, packed: readonly PackedText[]): string {
  const head = JSON.stringify(reply);
  const blocks = packed.map(
    (b) =>
      `{"table":${JSON.stringify(b.table)},"key":${JSON.stringify(b.key)},"cols":${JSON.stringify(b.cols)},"rows":${b.rows}}`,
  );
  return `${head.slice(0, -1)},"packed":[${blocks.join(',')}]}`;
}
