/**
 * Migration 0016: part_fitment tombstones name their product (compact fitment on devices).
 *
 * A device keeps fitment grouped by product (src/db/fitment-chunks.ts), so a deletion must say
 * which product's group to edit: the tombstone key becomes 'productId:fitmentId' (the key the
 * pull sends for these rows too, server/sync/pull-sources.ts). A row moved to another product
 * (an update of product_id) also leaves a tombstone under its old key, numbered before the row's
 * new version (this trigger fires before pd_version: same timing, name order), so a device
 * applying changes in version order drops the old entry before it stores the new one.
 *
 * Tombstones written before this migration carry the bare fitment id; devices ignore them (they
 * name rows deleted before any device held fitment).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
drop trigger pd_tombstone on part_fitment;
create trigger pd_tombstone after delete on part_fitment for each row execute function pd_write_tombstone('product_id', 'fitment_id');

create function pd_fitment_moved() returns trigger language plpgsql as $$
begin
  if new.product_id <> old.product_id then
    insert into tombstones (table_name, row_key) values ('part_fitment', old.product_id::text || ':' || old.fitment_id::text);
  end if;
  return new;
end $$;
create trigger pd_fitment_moved before update of product_id on part_fitment for each row execute function pd_fitment_moved();
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
drop trigger pd_fitment_moved on part_fitment;
drop function pd_fitment_moved();
drop trigger pd_tombstone on part_fitment;
create trigger pd_tombstone after delete on part_fitment for each row execute function pd_write_tombstone('fitment_id');
`.execute(db);
}
