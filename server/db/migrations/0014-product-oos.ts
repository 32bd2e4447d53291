/**
 * Migration 0014: a product's own out-of-stock sentence (storefront.md §3 "Cart product" oos_text,
 * §8 "Cart stock: the product's oos_text, else 'I'm sorry, this product is either not available in
 * the desired quantity or not in stock.'"). Null or blank means the default sentence. Shops set it
 * for parts they special-order ("Ships from our distributor in 3-5 business days.").
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column oos_text text check (oos_text is null or length(oos_text) <= 255)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products drop column oos_text`.execute(db);
}
