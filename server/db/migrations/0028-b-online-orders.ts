/**
 * Migration 0028-b: online orders a shop can fulfil (docs/decisions/storefront.md "Online orders
 * and fulfilment"; the counter's side: docs/decisions/pos.md "Online orders at the counter").
 *
 * - order_statuses 9-11: where an online order is at the counter. "Online — to pick" (placed,
 *   paid, waiting to be picked), "Ready for pickup" (picked, the shopper told), "Shipped"; the
 *   hand-over of a pickup order moves it to 7 Complete. They are ordinary statuses: devices pull
 *   them with the orders (order_status_id), the Order Status filter and the badge show them.
 * - online_orders: one row per storefront order, written with it by the checkout
 *   (server/services/shop/shop-checkout-service.ts): how it is fulfilled, at which store, the
 *   shipping address and charge the server derived, and when each step happened. Server-only (not
 *   versioned, never pulled): the counter reads it through GET /api/online_order/*.
 *   Must stay true: every row's order is a storefront order (status complete or voided) whose
 *   store of fulfilment is this row's location_id (orders.location_id, the tax store, stays the
 *   default store's: the shopper is charged what the cart page showed); `shipping_line_ref` is the custom line carrying the
 *   charge (null for pickup, and for shipping at 0.00).
 * - settings `shipping_flat_rate`: the one shipping method's price (a decimal string; absent or not
 *   a price: shipping is not offered).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
insert into order_statuses (order_status_id, name, status_color, status_text_color, sort_order) values
  (9, 'Online — to pick', '#fd7e14', '#1f1f1f', 9),
  (10, 'Ready for pickup', '#17a2b8', '#1f1f1f', 10),
  (11, 'Shipped', '#0b7285', '#ffffff', 11)
on conflict (order_status_id) do nothing;

create table online_orders (
  order_ref uuid primary key references orders (id) on delete cascade,
  fulfilment text not null check (fulfilment in ('pickup', 'shipping')),
  location_id int not null references locations,
  shipping_address jsonb,
  shipping_cost numeric(12,2) not null default 0,
  shipping_line_ref uuid,
  created_at timestamptz not null default now(),
  ready_at timestamptz,
  ready_by text,
  completed_at timestamptz,
  completed_by text,
  check ((fulfilment = 'shipping') = (shipping_address is not null))
);
create index online_orders_location_idx on online_orders (location_id, created_at desc);

insert into settings (key, value) values ('shipping_flat_rate', '"9.95"'::jsonb) on conflict (key) do nothing;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
drop table if exists online_orders;
update orders set order_status_id = 7 where order_status_id in (9, 10, 11);
delete from order_statuses where order_status_id in (9, 10, 11);
delete from settings where key = 'shipping_flat_rate';
`.execute(db);
}
