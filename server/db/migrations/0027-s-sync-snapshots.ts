/**
 * Migration 0027-s: prebuilt first-sync snapshots (issue 21 "First-sync storms";
 * docs/decisions/sync.md "First-sync snapshots").
 *
 * sync_snapshots holds each built snapshot: what a new staff device's pull from cookie 0 would
 * bring up to `version`, as gzip-compressed NDJSON (server/sync/snapshot-build.ts), in `body`.
 * In the database, not the data directory, because every server process must serve it: on
 * PostgreSQL with several processes one builds (an advisory lock) and all read; PGlite has one
 * process anyway. Server-only bookkeeping: no version column, never pulled, no tombstones. Rows are
 * immutable once written (a name is never reused: it carries the version and a random part); the
 * builder keeps the newest two per cache schema and deletes older ones.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table sync_snapshots (
  name text primary key,
  schema integer not null,
  version bigint not null,
  rows integer not null,
  parts integer not null,
  bytes integer not null,
  body bytea not null,
  created_at timestamptz not null default now()
);
create index sync_snapshots_schema_version_idx on sync_snapshots (schema, version desc);
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sync_snapshots`.execute(db);
}
