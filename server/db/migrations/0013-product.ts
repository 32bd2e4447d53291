/**
 * Migration 0013: what the storefront product page needs beyond the catalog.
 *
 * - product_components: the parts a package product is made of (storefront.md §2 "Packages show a
 *   component warning"). A package is a normal product with component rows; a component may be
 *   listed once per package. Not versioned: devices do not need it offline (the POS sells the
 *   package line, not its parts).
 * - notifications.kind gains 'product_contact': a Contact Us message (index.php?route=
 *   product/product/productContactEmail) goes through the same outbox as receipts, so admins see
 *   it at GET /api/notifications and a failed delivery is recorded.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table product_components (
  package_id int not null references products (product_id) on delete cascade,
  component_id int not null references products (product_id) on delete cascade,
  quantity int not null default 1 check (quantity between 1 and 10000),
  sort_order int not null default 0,
  primary key (package_id, component_id),
  check (package_id <> component_id)
);
alter table notifications drop constraint if exists notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in ('receipt', 'payment_link', 'product_contact'));
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
delete from notifications where kind = 'product_contact';
alter table notifications drop constraint if exists notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in ('receipt', 'payment_link'));
drop table product_components;
`.execute(db);
}
