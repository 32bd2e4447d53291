/**
 * Migration 0012: the shopper's cart, compare list and wishlist, and online checkouts.
 * See docs/decisions/storefront.md ("Shopper cart").
 *
 * - shop_shoppers: one row per shopper. A guest is known only by the sha256 of an anonymous cookie
 *   (token_hash), a customer by the account (customer_uuid); exactly one of the two is set. When a
 *   guest signs in, their rows are merged into the account's and the guest row is deleted.
 * - shop_cart_items: a cart line. The same product with the same options is one line (option_key is
 *   the canonical JSON of the options), so adding it again adds to its quantity. Prices are never
 *   stored: every reply re-reads the catalog. labor_key is the key of the installation labor row
 *   the reply shows when apply_labor is set.
 * - shop_cart_codes: gift certificate codes the shopper applied (redeemed only at checkout, as
 *   voucher payments of what the certificate has left then).
 * - shop_compare, shop_wishlist: product lists; the wishlist belongs to an account only.
 * - shop_checkouts: one row per checkout attempt key, so a double submit creates one order.
 * None of these leave the server (no version column, not pulled by devices); the order a checkout
 * creates is a normal order and syncs as one.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table shop_shoppers (
  id uuid primary key,
  token_hash text unique,
  customer_uuid uuid unique references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((token_hash is null) <> (customer_uuid is null))
);
create index shop_shoppers_updated_idx on shop_shoppers (updated_at) where token_hash is not null;

create table shop_cart_items (
  key uuid primary key,
  shopper_id uuid not null references shop_shoppers on delete cascade,
  product_id int not null references products on delete cascade,
  quantity int not null check (quantity between 1 and 10000),
  options jsonb not null default '{}',
  option_key text not null default '{}',
  apply_labor boolean not null default false,
  labor_key uuid not null unique,
  created_at timestamptz not null default now(),
  unique (shopper_id, product_id, option_key)
);

create table shop_cart_codes (
  shopper_id uuid not null references shop_shoppers on delete cascade,
  code text not null,
  added_at timestamptz not null default now(),
  primary key (shopper_id, code)
);

create table shop_compare (
  shopper_id uuid not null references shop_shoppers on delete cascade,
  product_id int not null references products on delete cascade,
  added_at timestamptz not null default now(),
  primary key (shopper_id, product_id)
);

create table shop_wishlist (
  customer_uuid uuid not null references customers (id) on delete cascade,
  product_id int not null references products on delete cascade,
  added_at timestamptz not null default now(),
  primary key (customer_uuid, product_id)
);

create table shop_checkouts (
  checkout_key uuid primary key,
  shopper_id uuid references shop_shoppers on delete set null,
  order_ref uuid not null references orders (id) on delete cascade,
  created_at timestamptz not null default now()
);
`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0012-shop cannot be rolled back; restore a backup taken before it'));
}
