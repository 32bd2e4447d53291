/**
 * What the database knows of the devices that sync, for `GET /metrics` (server/http/metrics.ts).
 * A device's outbox is on the device: the server sees a change only once pushed, so "queue depth"
 * here is what the server can know — the refused changes a device still holds as conflicts (not
 * discarded by staff) — beside when it last pushed and how much it pushed in the last hour
 * (docs/decisions/server.md "Metrics and request ids").
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface SeenDevice {
  clientId: string;
  kind: 'staff' | 'customer';
  /** Seconds since the epoch of its last push (sync_clients.last_seen_at). */
  lastPushAt: number;
  /** Changes the server refused that the device still shows as conflicts (not discarded). */
  refusedWaiting: number;
  /** Changes it pushed in the last hour. */
  pushedLastHour: number;
}

/** Devices that pushed in the last hour, and those in `alsoIds` (they pulled from this process). */
export async function seenDevices(db: Kysely<DB>, alsoIds: readonly string[]): Promise<SeenDevice[]> {
  const ids = alsoIds.length ? sql`or c.client_id = any(${[...alsoIds]}::uuid[])` : sql``;
  const r = await sql<{ id: string; kind: 'staff' | 'customer'; at: string; refused: string; pushed: string }>`
    select c.client_id::text as id, c.user_kind as kind, extract(epoch from c.last_seen_at)::text as at,
      (select count(*) from sync_mutations m
        where m.client_id = c.client_id and m.status = 'rejected'
          and not exists (select 1 from sync_discards d where d.client_id = m.client_id and d.mutation_id = m.mutation_id)
      )::text as refused,
      (select count(*) from sync_mutations m
        where m.client_id = c.client_id and m.applied_at > now() - interval '1 hour')::text as pushed
    from sync_clients c
    where c.last_seen_at > now() - interval '1 hour' ${ids}`.execute(db);
  return r.rows.map((row) => ({
    clientId: row.id,
    kind: row.kind,
    lastPushAt: Number(row.at),
    refusedWaiting: Number(row.refused),
    pushedLastHour: Number(row.pushed),
  }));
}
