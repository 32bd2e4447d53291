/**
 * Migration 0029-c: a gift certificate keeps its recipient (docs/decisions/pos.md "Gift certificate
 * lookup"). Until now the recipient's name and email were only on the order line that sold it
 * (`order_lines.data->>'to_name'`, `to_email`); the issued certificate is what staff look up, so it
 * carries them itself from now on (server/commands/appliers/vouchers.ts writes them at issue).
 * Existing certificates are brought forward from their selling line; one made outside a sale keeps ''.
 * The update bumps their version, so staff devices pull the recipient with the next sync.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table vouchers
  add column to_name text not null default '' check (length(to_name) <= 64),
  add column to_email text not null default '' check (length(to_email) <= 96)`.execute(db);
  await sql`
update vouchers v
   set to_name = left(coalesce(l.data->>'to_name', ''), 64),
       to_email = left(coalesce(l.data->>'to_email', ''), 96)
  from order_lines l
 where l.id = v.line_ref
   and (coalesce(l.data->>'to_name', '') <> '' or coalesce(l.data->>'to_email', '') <> '')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vouchers drop column to_name, drop column to_email`.execute(db);
}
