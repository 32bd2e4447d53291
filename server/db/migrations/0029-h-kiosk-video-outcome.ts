/**
 * Migration 0029-h: how a kiosk splash video's turn ended (docs/decisions/storefront.md "Kiosk
 * settings and video report"): `outcome` on kiosk_video_views, one of 'ended' (played to its end),
 * 'stalled' (no progress for the splash's stall time) or 'error' (the file failed), so the report
 * shows completions, stalls and errors besides plays and time watched. Null: no outcome reported —
 * the shopper left the splash while it played, a kiosk still on an older app sent none, or a row
 * recorded before this migration. The check keeps the column to those three words whatever calls it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kiosk_video_views add column outcome text check (outcome in ('ended', 'stalled', 'error'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table kiosk_video_views drop column outcome`.execute(db);
}
