/**
 * Migration 0009: device prefixes (docs/architecture.md "Ids": a device numbers its offline orders
 * "C2-0042"; docs/decisions/sync.md "Device prefix and offline order numbers").
 *
 * - device_prefix_seq: the source of new prefixes ('C' || nextval). A sequence never hands out a
 *   value twice, so a prefix is never reused, even for a device that was reset or retired.
 *   sync_clients.device_prefix (migration 0002) is already unique.
 * - Prefixes devices already claimed (none before this migration) are respected: the sequence only
 *   ever moves past them (server/sync/device-prefix.ts retries on a taken value).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence device_prefix_seq`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop sequence device_prefix_seq`.execute(db);
}
