/**
 * First-sync snapshots (docs/decisions/sync.md "First-sync snapshots"): keeps a prebuilt snapshot
 * (snapshot-build.ts) of the current cache schema in `sync_snapshots` (migration 0027-s), builds it
 * in the background, never on a request, and serves its bytes from memory.
 *
 * - A check (at start, then every `checkMs`) builds when there is none and the catalog is worth one
 *   (`minRows` changes: below one pull page a snapshot saves nothing), or when the changes after the
 *   newest one reach `staleRows` (or 5 % of it), or when tombstones it relies on were purged. A
 *   sale's few stock rows never trigger one: they come with the pull after the snapshot.
 * - One build at a time: in this process a flag; across processes on PostgreSQL a session
 *   advisory lock on a pinned connection (PGlite has one process, and its one connection must not
 *   be pinned: the build's own queries and every request need it). The lock holder checks again
 *   before building, so two processes never build the same snapshot twice in a row.
 * - The newest two per schema are kept (a device still downloading the previous one finishes it).
 * - Bodies are read from the database once per process and kept in memory (two at most):
 *   fifty devices at once cost one read, not fifty. The process that built one keeps the bytes it
 *   built (no read at all). A read goes in slices of BODY_SLICE bytes, one statement each (~2 ms
 *   on PGlite): one statement returning ~29 MB held PGlite's only connection, and the event loop
 *   it runs on, for 1.4–2.2 s (and pg's parsing of it the loop for up to 165 ms on PostgreSQL),
 *   which every request of a first-sync storm waited behind (docs/decisions/sync.md "First-sync
 *   storm latency").
 */
import { sql, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { DB } from '../db/schema';
import { buildSnapshot, readHorizon, SNAPSHOT_VIEWER } from './snapshot-build';
import type { PullService } from './pull-service';

/**
 * The device cache schema snapshots are built for: the newest the pull serves (src/db/database.ts
 * DEVICE_SCHEMA; a test holds them equal). A device of another schema is offered none and pulls from 0.
 */
export const SNAPSHOT_SCHEMA = 6;

/** Bytes per statement when a body is read from the database (see the file comment). */
export const BODY_SLICE = 256 * 1024;

/** pg_try_advisory_lock key of the snapshot builder ('PDSNAP'). */
export const LOCK_KEY = 0x5044534e4150;

export interface SnapshotRecord {
  name: string;
  version: number;
  rows: number;
  parts: number;
  bytes: number;
}

export interface SnapshotOptions {
  /** The device cache schema the snapshots are built for (the newest this server serves). */
  schema: number;
  /** Build nothing below this many changes (a pull from 0 is then one or two pages). */
  minRows?: number;
  /** Rebuild when this many changes (or 5 % of the snapshot) came after it. */
  staleRows?: number;
  /** How often to check; 0: never on a timer (tests call check() or buildNow()). */
  checkMs?: number;
  /** PostgreSQL: another process may build too; take the advisory lock. */
  lockAcrossProcesses?: boolean;
  log?: (msg: string, err?: unknown) => void;
}

export class SnapshotService {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<SnapshotRecord | null> | null = null;
  private readonly bodies = new Map<string, Promise<Buffer | null>>();
  private stopped = false;
  private readonly minRows: number;
  private readonly staleRows: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly pull: PullService,
    private readonly opts: SnapshotOptions,
  ) {
    this.minRows = opts.minRows ?? 20_000;
    this.staleRows = opts.staleRows ?? 20_000;
  }

  get schema(): number {
    return this.opts.schema;
  }

  /** The first check soon after start, then one every checkMs; never blocks the caller. */
  start(): void {
    const run = () =>
      void this.check().catch((err: unknown) => {
        if (!this.stopped) this.opts.log?.('snapshot build failed', err);
      });
    setTimeout(run, 0).unref();
    if (this.opts.checkMs) (this.timer = setInterval(run, this.opts.checkMs)).unref();
  }

  /** Stops the timer and a build under way (between two of its pages), then waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Builds when one is due (see the file comment); the build's record, else null. */
  check(): Promise<SnapshotRecord | null> {
    return this.exclusive(false);
  }

  /** Builds now whatever the figures say (tests, operators). */
  buildNow(): Promise<SnapshotRecord | null> {
    return this.exclusive(true);
  }

  /** The newest snapshot of `schema`, or null. */
  async latest(schema: number): Promise<SnapshotRecord | null> {
    const r = await this.db
      .selectFrom('sync_snapshots')
      .select(['name', 'version', 'rows', 'parts', 'bytes'])
      .where('schema', '=', schema)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? { ...r, version: Number(r.version) } : null;
  }

  /** A snapshot's gzip bytes (read once per process), or null when there is no such snapshot. */
  body(name: string): Promise<Buffer | null> {
    let b = this.bodies.get(name);
    if (!b) {
      b = this.readBody(name);
      this.keep(name, b);
      // A name never names other content, so a hit stays right; a miss or failure is asked again.
      void b.then(
        (v) => v ?? this.bodies.delete(name),
        () => this.bodies.delete(name),
      );
    }
    return b;
  }

  private keep(name: string, body: Promise<Buffer | null>): void {
    this.bodies.set(name, body);
    while (this.bodies.size > 2) this.bodies.delete(this.bodies.keys().next().value!);
  }

  /** The stored bytes in BODY_SLICE slices, one short statement each (see the file comment). */
  private async readBody(name: string): Promise<Buffer | null> {
    const size = await this.db
      .selectFrom('sync_snapshots')
      .select(sql<number>`octet_length(body)`.as('n'))
      .where('name', '=', name)
      .executeTakeFirst();
    if (!size) return null;
    const parts: Buffer[] = [];
    for (let at = 0; at < size.n; at += BODY_SLICE) {
      // substring() of a bytea counts from 1; the stored body (gzip) does not compress, so
      // PostgreSQL keeps it uncompressed out of line and reads only the slice's chunks.
      const r = await this.db
        .selectFrom('sync_snapshots')
        .select(sql<Buffer>`substring(body from ${at + 1} for ${BODY_SLICE})`.as('b'))
        .where('name', '=', name)
        .executeTakeFirst();
      // Deleted meanwhile (two newer ones were built): as if it had never been there.
      if (!r) return null;
      parts.push(r.b);
    }
    return Buffer.concat(parts);
  }

  private exclusive(force: boolean): Promise<SnapshotRecord | null> {
    if (this.running) return this.running;
    if (this.stopped) return Promise.resolve(null);
    const run = this.opts.lockAcrossProcesses
      ? this.db.connection().execute(async (conn) => {
          const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as ok`.execute(conn);
          if (!got.rows[0]?.ok) return null; // another process is building
          try {
            return await this.buildIfDue(force);
          } finally {
            await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
          }
        })
      : this.buildIfDue(force);
    this.running = run.finally(() => (this.running = null));
    return this.running;
  }

  private async due(): Promise<boolean> {
    const reach = { schema: this.opts.schema, only: null };
    const [latest, { horizon, purged }] = await Promise.all([this.latest(this.opts.schema), readHorizon(this.db)]);
    if (!latest) {
      return (await this.pull.countChanges(SNAPSHOT_VIEWER, reach, { after: 0, upTo: horizon })) >= this.minRows;
    }
    // Deletions after it were purged: a device continuing from it would be told to start again.
    if (purged > latest.version) return true;
    if (horizon <= latest.version) return false;
    const since = await this.pull.countChanges(SNAPSHOT_VIEWER, reach, { after: latest.version, upTo: horizon });
    return since >= Math.min(this.staleRows, Math.max(1, Math.ceil(latest.rows * 0.05)));
  }

  private async buildIfDue(force: boolean): Promise<SnapshotRecord | null> {
    if (!force && !(await this.due())) return null;
    const built = await buildSnapshot(this.db, this.pull, this.opts.schema, () => this.stopped);
    const name = `${this.opts.schema}-${built.version}-${randomBytes(16).toString('hex')}.ndjson.gz`;
    const record = { name, version: built.version, rows: built.rows, parts: built.parts, bytes: built.body.length };
    await this.db
      .insertInto('sync_snapshots')
      .values({ ...record, schema: this.opts.schema, body: built.body })
      .execute();
    // This process has the bytes: the first device to ask is served without reading them back.
    this.keep(name, Promise.resolve(built.body));
    // Keep the newest two of this schema: a device part-way through the previous one finishes it.
    const keep = this.db
      .selectFrom('sync_snapshots')
      .select('name')
      .where('schema', '=', this.opts.schema)
      .orderBy('version', 'desc')
      .orderBy('created_at', 'desc')
      .limit(2);
    await this.db
      .deleteFrom('sync_snapshots')
      .where('schema', '=', this.opts.schema)
      .where('name', 'not in', keep)
      .execute();
    return record;
  }
}
