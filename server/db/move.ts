/**
 * Moves an embedded (PGlite) shop into an empty PostgreSQL database (`npm run move-to-postgres`,
 * docs/operations.md "Moving from PGlite to PostgreSQL"; decisions: docs/decisions/database.md
 * "Moving to PostgreSQL").
 *
 * Must stay true:
 * - The target is written in ONE transaction: schema by this build's migrations, every row, the
 *   sequences, then the checks. Any failure (or a count or checksum that differs) rolls it all
 *   back, so the target is either a full copy or as empty as it was.
 * - Rows keep every column as stored, `version` included, and every sequence gets the source's
 *   exact state (change_version, the identity columns, device prefixes); sync_state keeps its
 *   epoch. A device's cookie and lastMutationId therefore mean the same on the new server: it
 *   pulls only what changed after its cookie and re-sends nothing it had acknowledged.
 * - Triggers do not run on copied rows: their effects (search rows, order-list counts) are copied
 *   as rows themselves, like pg_restore loads data before it creates triggers. Foreign keys are
 *   dropped for the copy and added back (checked) before commit, so table order does not matter.
 * - Only an empty target is written: any relation outside the system schemas refuses the move.
 */
import type { PGlite, Transaction as PgliteTx } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrate';
import type { DB } from './schema';

/** A refusal the command reports as one line with its own exit code (docs/operations.md). */
export class MoveRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Exit codes of `npm run move-to-postgres` beside 0 (moved) and 1 (failed). */
export const TARGET_NOT_EMPTY = 2;
export const SERVER_RUNNING = 3;

export interface MoveResult {
  tables: number;
  rows: number;
  sequences: number;
  /** The sync epoch both databases carry (devices keep their cookies), or null before migration 0006. */
  epoch: string | null;
  ms: number;
}

interface TableCheck {
  n: string;
  sum: string;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** Settings that make a row's text the same on both engines (the checksums compare text). */
const TEXT_SETTINGS = [
  "set timezone = 'UTC'",
  "set datestyle = 'ISO, MDY'",
  "set intervalstyle = 'postgres'",
  'set extra_float_digits = 1',
  "set bytea_output = 'hex'",
];
/** Kysely's own tables: the target's migrator writes them. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Source rows per FETCH, and the most JSON text sent in one INSERT (pictures are big rows). */
const FETCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

/**
 * Copies the open embedded database (the caller holds its directory lock) into the empty
 * PostgreSQL database at `targetUrl`. Migrates the source first, as the server would at start.
 */
export async function moveToPostgres(
  source: { db: Kysely<DB>; pglite: PGlite },
  targetUrl: string,
  log: (line: string) => void = () => undefined,
): Promise<MoveResult> {
  const started = Date.now();
  await migrateToLatest(source.db);
  // One connection: every statement below runs in the one transaction opened on it.
  const pool = new pg.Pool({ connectionString: targetUrl, max: 1, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  const target = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await refuseNonEmpty(target);
    await sql`begin`.execute(target);
    try {
      const result = await copyAll(source.pglite, target, log);
      await sql`commit`.execute(target);
      // Planner statistics for the fresh tables (as after pg_restore); outside the transaction.
      await sql`analyze`.execute(target);
      return { ...result, ms: Date.now() - started };
    } catch (err) {
      await sql`rollback`.execute(target).catch(() => undefined);
      throw err;
    }
  } finally {
    await target.destroy();
  }
}

async function refuseNonEmpty(target: Kysely<DB>): Promise<void> {
  const found = await sql<{ name: string }>`
    select n.nspname || '.' || c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
     order by c.relkind <> 'r', 1`.execute(target);
  if (found.rows.length === 0) return;
  const names = found.rows.slice(0, 3).map((r) => r.name);
  const more = found.rows.length > 3 ? ` and ${found.rows.length - 3} more` : '';
  throw new MoveRefusal(
    `Cannot move: the target database is not empty (it has ${names.join(', ')}${more}). Create an empty database (createdb partsdesk) and name it in --to; nothing was written.`,
    TARGET_NOT_EMPTY,
  );
}

async function copyAll(
  pglite: PGlite,
  target: Kysely<DB>,
  log: (line: string) => void,
): Promise<Omit<MoveResult, 'ms'>> {
  for (const s of TEXT_SETTINGS) {
    await pglite.exec(s);
    await sql.raw(s).execute(target);
  }
  await migrateToLatest(target, { disableTransactions: true });
  const names = async (from: 'source' | 'target') => {
    const text = 'select name from kysely_migration order by name';
    return from === 'source'
      ? (await pglite.query<{ name: string }>(text)).rows.map((r) => r.name)
      : (await sql.raw<{ name: string }>(text).execute(target)).rows.map((r) => r.name);
  };
  if ((await names('source')).join() !== (await names('target')).join())
    throw new Error('the embedded database and this build have different migrations: update Partsdesk first');

  const tables = await sameTables(pglite, target);
  const fks = (
    await sql<{ tbl: string; conname: string; def: string }>`
      select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
        from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`.execute(target)
  ).rows;
  for (const fk of fks) await sql.raw(`alter table ${fk.tbl} drop constraint ${q(fk.conname)}`).execute(target);
  for (const t of tables) await sql.raw(`alter table ${q(t.name)} disable trigger user`).execute(target);
  // Rows the migrations wrote (sync_state, reference data) come from the source instead. Only
  // those few tables are emptied: truncating all of them cost seconds of new files for nothing.
  const filled: string[] = [];
  for (const t of tables) {
    const r = await sql.raw<{ any: boolean }>(`select exists (select 1 from ${q(t.name)}) as any`).execute(target);
    if (r.rows[0]?.any) filled.push(q(t.name));
  }
  if (filled.length) await sql.raw(`truncate table ${filled.join(', ')}`).execute(target);

  let rows = 0;
  for (const t of tables) {
    const n = await copyTable(pglite, target, t);
    rows += n;
    if (n >= 10_000) log(`move: ${t.name}: ${n} rows`);
  }
  const sequences = await copySequences(pglite, target);
  for (const fk of fks)
    await sql.raw(`alter table ${fk.tbl} add constraint ${q(fk.conname)} ${fk.def}`).execute(target);
  for (const t of tables) await sql.raw(`alter table ${q(t.name)} enable trigger user`).execute(target);

  for (const t of tables) {
    const text = checksumSql(t);
    const a = (await pglite.query<TableCheck>(text)).rows[0];
    const b = (await sql.raw<TableCheck>(text).execute(target)).rows[0];
    if (!a || !b || a.n !== b.n || a.sum !== b.sum)
      throw new Error(
        `table ${t.name} differs after the copy (rows ${a?.n} → ${b?.n}, checksum ${a?.sum} → ${b?.sum}); nothing was kept`,
      );
  }
  const epoch = tables.some((t) => t.name === 'sync_state')
    ? ((await pglite.query<{ e: string }>('select epoch::text as e from sync_state where id = 1')).rows[0]?.e ?? null)
    : null;
  return { tables: tables.length, rows, sequences, epoch };
}

interface Table {
  name: string;
  /** Columns the INSERT writes (not the generated ones), and every column for the checksum, by name. */
  writable: string[];
  all: string[];
}

/** The public tables of both sides, which must have the same columns of the same types. */
async function sameTables(pglite: PGlite, target: Kysely<DB>): Promise<Table[]> {
  const text = `select c.relname as tbl, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
      a.attgenerated <> '' as generated
    from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
   where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
   order by c.relname, a.attname`;
  type Col = { tbl: string; col: string; type: string; generated: boolean };
  const src = (await pglite.query<Col>(text)).rows.filter((r) => !MIGRATOR_TABLES.has(r.tbl));
  const dst = (await sql.raw<Col>(text).execute(target)).rows.filter((r) => !MIGRATOR_TABLES.has(r.tbl));
  const shape = (cols: Col[]) => cols.map((c) => `${c.tbl}.${c.col} ${c.type}`).join('\n');
  if (shape(src) !== shape(dst)) {
    const other = new Set(shape(dst).split('\n'));
    const first = shape(src)
      .split('\n')
      .find((line) => !other.has(line));
    throw new Error(`the embedded schema differs from a migrated PostgreSQL one (${first ?? 'extra columns'})`);
  }
  const byTable = new Map<string, Table>();
  for (const c of src) {
    const t = byTable.get(c.tbl) ?? { name: c.tbl, writable: [], all: [] };
    t.all.push(c.col);
    if (!c.generated) t.writable.push(c.col);
    byTable.set(c.tbl, t);
  }
  return [...byTable.values()];
}

/**
 * Reads the table through a cursor as JSON rows (bytea as hex, numeric as its exact text) and
 * inserts them in batches with json_populate_recordset, which parses each value with its
 * column's own input function: what arrives is what was stored.
 */
async function copyTable(pglite: PGlite, target: Kysely<DB>, t: Table): Promise<number> {
  const cols = t.writable.map(q).join(', ');
  const insert = (json: string) =>
    sql`${sql.raw(`insert into ${q(t.name)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${q(t.name)},`)} ${json}::json)`.execute(
      target,
    );
  let total = 0;
  await pglite.transaction(async (tx: PgliteTx) => {
    await tx.query(`declare move_rows no scroll cursor for select row_to_json(t)::text as j from ${q(t.name)} t`);
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await insert(`[${batch.join(',')}]`);
      total += batch.length;
      batch = [];
      chars = 0;
    };
    for (;;) {
      const { rows } = await tx.query<{ j: string }>(`fetch ${FETCH_ROWS} from move_rows`);
      for (const r of rows) {
        batch.push(r.j);
        chars += r.j.length;
        if (chars >= BATCH_CHARS) await flush();
      }
      if (rows.length < FETCH_ROWS) break;
    }
    await flush();
    await tx.query('close move_rows');
  });
  return total;
}

/** Every sequence gets the source's exact state: the next value drawn on the target is the one the source would draw. */
async function copySequences(pglite: PGlite, target: Kysely<DB>): Promise<number> {
  const list = "select sequencename as name from pg_sequences where schemaname = 'public' order by 1";
  const src = (await pglite.query<{ name: string }>(list)).rows.map((r) => r.name);
  const dst = (await sql.raw<{ name: string }>(list).execute(target)).rows.map((r) => r.name);
  if (src.join() !== dst.join()) throw new Error(`the sequences differ: ${src.join(', ')} against ${dst.join(', ')}`);
  for (const name of src) {
    const state = (
      await pglite.query<{ v: string; called: boolean }>(
        `select last_value::text as v, is_called as called from ${q(name)}`,
      )
    ).rows[0];
    if (!state) continue;
    await sql`select setval(${q(name)}::regclass, ${state.v}::bigint, ${state.called})`.execute(target);
    const back = (
      await sql
        .raw<{ v: string; called: boolean }>(`select last_value::text as v, is_called as called from ${q(name)}`)
        .execute(target)
    ).rows[0];
    if (back?.v !== state.v || back.called !== state.called) throw new Error(`sequence ${name} did not take its value`);
  }
  return src.length;
}

/** Row count and an order-independent checksum of the rows' text (columns by name, so layout does not matter). */
function checksumSql(t: Table): string {
  const row = `row(${t.all.map((c) => `x.${q(c)}`).join(', ')})::text`;
  return `select count(*)::text as n, coalesce(md5(string_agg(h, '' order by h collate "C")), '') as sum
    from (select md5(${row}) as h from ${q(t.name)} x) s`;
}
