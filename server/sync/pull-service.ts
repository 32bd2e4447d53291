/**
 * GET /sync/pull: rows and tombstones with version > cookie that the viewer may see, in pages
 * ordered by version, plus the client's lastMutationId.
 *
 * The version horizon (the flaw this fixes is in docs/decisions/sync.md "Flaws in the first
 * protocol design, and the fixes" flaw 1): versions come from one sequence, but transactions commit
 * in any order, so "version > cookie" alone can skip a row whose transaction took a smaller number
 * and committed later. A page therefore runs in one READ COMMITTED transaction that first takes
 * sync_state FOR UPDATE, which waits for every push still writing (they hold it FOR SHARE) and
 * keeps new ones out until the page is read. The sequence's last value read then is the horizon H:
 * every version <= H is committed, and the page only serves versions <= H. lastMutationId is read
 * under the same lock, so it matches the rows.
 *
 * The reply's epoch (migration 0006) is read under the same lock as lastMutationId.
 *
 * Pages of this process wait for each other before they open their transaction (pull-gate.ts):
 * the lock serialises them anyway, and waiting in the database held a connection each.
 *
 * Must stay true: a returned cookie never exceeds H, and every change with old cookie < version <=
 * the returned cookie has been sent (all sources are merged by version before the page is cut).
 */
import { sql, type Kysely } from 'kysely';
import type { PullQuery, PullReply, RowChange } from '../../src/contracts/sync-pull';
import type { DB } from '../db/schema';
import type { Actor } from '../commands/actor';
import { assignPrefix } from './device-prefix';
import type { PackedText } from './pull-packed';
import { PullGate } from './pull-gate';
import type { Range } from './pull-range';
import { sourcesFor, tombstoneSource, type Reach, type Viewer } from './pull-sources';

type ClientRow = {
  last_mutation_id: string;
  device_prefix: string | null;
  user_kind: 'staff' | 'customer';
  customer_uuid: string | null;
};

export class PullService {
  private readonly db: Kysely<DB>;
  /** Changes left after a handed-out cookie, as of `horizon` (see remaining()). */
  private readonly estimates = new Map<string, { horizon: number; remaining: number }>();
  /** One page transaction at a time in this process (pull-gate.ts). */
  private readonly gate = new PullGate();

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * `actor` (the route passes it) also gets the device its prefix (device-prefix.ts) when it has
   * none. With `q.pack` the bulk catalog tables come as `packed` text blocks (pull-packed.ts) for
   * the route to splice into the reply; otherwise `packed` is empty and every change is in `reply`.
   */
  async pull(q: PullQuery, viewer: Viewer, actor?: Actor): Promise<{ reply: PullReply; packed: PackedText[] }> {
    const { reply, packed, client } = await this.readPage(q, viewer);
    if (!actor) return { reply, packed };
    const owned =
      client !== undefined &&
      client.user_kind === actor.kind &&
      (actor.kind === 'staff' || client.customer_uuid === actor.id);
    // A known client's prefix costs nothing extra; a new one (or one a restore forgot) gets it here.
    const prefix =
      owned && client.device_prefix
        ? client.device_prefix
        : client === undefined || owned
          ? await assignPrefix(this.db, q.clientId, actor, q.prefix, new Date())
          : null;
    return { reply: prefix ? { ...reply, devicePrefix: prefix } : reply, packed };
  }

  private async readPage(
    q: PullQuery,
    viewer: Viewer,
  ): Promise<{ reply: PullReply; packed: PackedText[]; client: ClientRow | undefined }> {
    return this.gate.run(() => this.readPageNow(q, viewer));
  }

  private readPageNow(
    q: PullQuery,
    viewer: Viewer,
  ): Promise<{ reply: PullReply; packed: PackedText[]; client: ClientRow | undefined }> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select 1 from sync_state where id = 1 for update`.execute(trx);
      const head = await sql<{ h: string; purged: string; epoch: string }>`
        select (select last_value from change_version) as h,
               (select tombstones_purged_through from sync_state where id = 1) as purged,
               (select epoch::text from sync_state where id = 1) as epoch`.execute(trx);
      const horizon = Number(head.rows[0]?.h ?? 0);
      const purged = Number(head.rows[0]?.purged ?? 0);
      const client = await trx
        .selectFrom('sync_clients')
        .select(['last_mutation_id', 'device_prefix', 'user_kind', 'customer_uuid'])
        .where('client_id', '=', q.clientId)
        .executeTakeFirst();
      const lastMutationId = Number(client?.last_mutation_id ?? 0);

      // A cookie from a restored (older) server or a purged tombstone range cannot be continued.
      const needsFullSync = (q.cookie > 0 && q.cookie < purged) || q.cookie > horizon;
      const after = needsFullSync ? 0 : q.cookie;
      const reach: Reach = { schema: q.schema ?? 0, only: q.tables ?? null };
      // A backfill (`tables`) stops at `upTo`, the device's main cookie: what is above comes with its main pull.
      const top = q.tables && q.upTo !== undefined ? Math.min(horizon, Math.max(q.upTo, after)) : horizon;
      const range: Range = { after, upTo: top };
      // Nothing committed since the cookie (a device's idle poll): no page query to plan and run.
      const page =
        after >= top
          ? { changes: [], packed: [], count: 0, more: false, lastVersion: after }
          : await this.page(trx, viewer, reach, range, q.limit, q.pack === '1');
      const cookie = page.more ? page.lastVersion : Math.max(after, top);
      const remaining = page.more ? await this.remaining(trx, viewer, reach, range, cookie, page.count) : 0;
      // The first page of a download from 0: how many parts it brings, for the device's bar.
      const catalogParts =
        after === 0 && page.more && !q.tables
          ? Number(
              (
                await trx
                  .selectFrom('products')
                  .select((eb) => eb.fn.countAll<string>().as('n'))
                  .executeTakeFirst()
              )?.n ?? 0,
            )
          : undefined;
      const epoch = head.rows[0]?.epoch;
      const reply = {
        cookie,
        lastMutationId,
        changes: page.changes,
        more: page.more,
        remaining,
        ...(catalogParts !== undefined ? { catalogParts } : {}),
        ...(needsFullSync ? { needsFullSync } : {}),
        ...(epoch ? { epoch } : {}),
      };
      return { reply, packed: page.packed, client };
    });
  }

  /**
   * A page of (range.after, range.upTo] in column form, outside any transaction, and the changes in
   * a range: for the snapshot builder (snapshot-build.ts), whose upTo is a horizon already read
   * under the sync_state lock, so every version in range is committed.
   */
  snapshotPage(viewer: Viewer, reach: Reach, range: Range, limit: number) {
    return this.page(this.db, viewer, reach, range, limit, true);
  }

  countChanges(viewer: Viewer, reach: Reach, range: Range): Promise<number> {
    return this.count(this.db, viewer, reach, range);
  }

  /**
   * One page: a single query picks the `limit` smallest versions over every source and answers,
   * per source, how many it holds and whether any lies beyond (only one row per source crosses
   * from the database, not one per change); then each source with hits fetches its rows of the
   * page's range (packed when asked and the source can).
   */
  private async page(
    trx: Kysely<DB>,
    viewer: Viewer,
    reach: Reach,
    range: Range,
    limit: number,
    pack: boolean,
  ): Promise<{ changes: RowChange[]; packed: PackedText[]; count: number; more: boolean; lastVersion: number }> {
    const sources = [...sourcesFor(viewer, reach), tombstoneSource(viewer, reach)];
    const union = sql.join(
      sources.map(
        (s, i) =>
          sql`(select ${sql.lit(i)} as src, c.version from (${s.candidates(range)}) c order by c.version limit ${limit + 1})`,
      ),
      sql` union all `,
    );
    const picked = await sql<{ src: number; n: string; last: string | null; beyond: boolean }>`
      select src, count(*) filter (where rn <= ${limit}) as n, max(version) filter (where rn <= ${limit}) as last, bool_or(rn > ${limit}) as beyond
      from (select src, version, row_number() over (order by version) as rn from (${union}) u order by version limit ${limit + 1}) p
      group by src`.execute(trx);
    const more = picked.rows.some((p) => p.beyond);
    const hits = picked.rows.filter((p) => Number(p.n) > 0);
    const lastVersion = hits.reduce((m, p) => Math.max(m, Number(p.last)), range.after);
    // Every visible change in (after, lastVersion] made the page: each source with hits reads that range.
    const changes: RowChange[] = [];
    const packed: PackedText[] = [];
    let count = 0;
    for (const { src } of hits) {
      const s = sources[src]!;
      const pageRange = { after: range.after, upTo: lastVersion };
      if (pack && s.fetchPacked) {
        const block = await s.fetchPacked(trx, pageRange);
        packed.push(block);
        count += block.count;
      } else {
        const rows = await s.fetch(trx, pageRange);
        changes.push(...rows);
        count += rows.length;
      }
    }
    changes.sort((a, b) => a.version - b.version);
    return { changes, packed, count, more, lastVersion };
  }

  /**
   * Changes left after `cookie`, for the device's progress figure. Counting on every page re-reads
   * all that remains (~0.3 s a page, quadratic over a 200,000-part download on PGlite), so only
   * the first page of a pull counts; each next page derives its figure from the previous one
   * (minus this page, plus whatever committed above the old horizon). An estimate: a row changed
   * again mid-pull counts twice. Kept per viewer and cookie in this process, at most 1,000.
   */
  private async remaining(
    trx: Kysely<DB>,
    viewer: Viewer,
    reach: Reach,
    range: Range,
    cookie: number,
    sent: number,
  ): Promise<number> {
    // Devices of another cache schema, or a backfill, see other tables: their figures are kept apart.
    const who = `${viewer.kind === 'staff' ? 'staff' : `customer:${viewer.customerId}`}:${reach.schema}:${reach.only?.join(',') ?? '*'}`;
    const known = this.estimates.get(`${who}:${range.after}`);
    this.estimates.delete(`${who}:${range.after}`);
    let left: number;
    if (known && known.horizon <= range.upTo) {
      const since =
        known.horizon < range.upTo
          ? await this.count(trx, viewer, reach, { after: known.horizon, upTo: range.upTo })
          : 0;
      left = Math.max(0, known.remaining + since - sent);
    } else {
      left = await this.count(trx, viewer, reach, { after: cookie, upTo: range.upTo });
    }
    this.estimates.set(`${who}:${cookie}`, { horizon: range.upTo, remaining: left });
    if (this.estimates.size > 1000) this.estimates.delete(this.estimates.keys().next().value!);
    return left;
  }

  private async count(trx: Kysely<DB>, viewer: Viewer, reach: Reach, range: Range): Promise<number> {
    const sources = [...sourcesFor(viewer, reach), tombstoneSource(viewer, reach)];
    const union = sql.join(
      sources.map((s) => sql`(select count(*) as n from (${s.candidates(range)}) c)`),
      sql` union all `,
    );
    const r = await sql<{ n: string }>`select coalesce(sum(n), 0)::text as n from (${union}) u`.execute(trx);
    return Number(r.rows[0]?.n ?? 0);
  }
}

/**
 * Deletes tombstones older than `before` and raises the watermark, so cookies older than what was
 * purged get needsFullSync instead of silently missing deletions.
 */
export async function purgeTombstones(db: Kysely<DB>, before: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('tombstones').where('deleted_at', '<', before).returning('version').execute();
    if (!gone.length) return 0;
    const max = gone.reduce((m, r) => Math.max(m, Number(r.version)), 0);
    await sql`update sync_state set tombstones_purged_through = greatest(tombstones_purged_through, ${max}) where id = 1`.execute(
      trx,
    );
    return gone.length;
  });
}
