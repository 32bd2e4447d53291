/**
 * Migration 0021: core charges (docs/decisions/domain.md "Core charges").
 * - products.surcharge: the part's core charge, a deposit the shopper pays on a rebuildable part
 *   (alternator, starter, battery, caliper…) and gets back when the old part comes in. 0 = none.
 *   A cart line takes it from here (server/commands/appliers/catalog-priced.ts), never from a device.
 * - order_lines.kind gains 'core_return': the old part brought back, credited against the Surcharge
 *   row at the product's core charge (src/domain/mutations/cart.ts `addCoreReturn`).
 * Adding the column bumps no version: devices learn a product's core charge when its row next
 * changes (a new core charge is an update, so it is pulled); until then they read 0, as the server did.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table products add column surcharge numeric(12,2) not null default 0 check (surcharge >= 0);
alter table order_lines drop constraint if exists order_lines_kind_check;
alter table order_lines add constraint order_lines_kind_check check (kind in ('product', 'custom', 'labor', 'voucher', 'core_return'));
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
delete from order_lines where kind = 'core_return';
alter table order_lines drop constraint if exists order_lines_kind_check;
alter table order_lines add constraint order_lines_kind_check check (kind in ('product', 'custom', 'labor', 'voucher'));
alter table products drop column surcharge;
`.execute(db);
}
