/**
 * Pieces of product reads (`products as p`) shared by the catalog and shop services: a listing
 * card's columns (the listing, the product page with its own on top, the compare list and
 * wishlist), the part's naming that opens the listing's and the product page's replies, and the
 * stock on hand.
 */
import { sql } from 'kysely';

/** A listing card's product columns, read by the listing's page query and again from its rows. */
export const CARD_COLUMNS = [
  'p.product_id',
  'p.aaia',
  'p.mpn',
  'p.name',
  'p.short_description',
  'p.series_id',
  'p.manufacturer_id',
  'p.slug',
  'p.image',
  'p.is_orderable',
  'p.disable_pricing',
  'p.requires_options',
  'p.show_install_graphic',
  'p.date_added',
] as const;

/** How a card and the product page name the part (`part_number` repeats the MPN). */
export const partNaming = (r: { product_id: number; aaia: string; mpn: string; name: string }) => ({
  product_id: r.product_id,
  aaia: r.aaia,
  mpn: r.mpn,
  part_number: r.mpn,
  name: r.name,
});

/** A product's stock on hand, summed over its product_stock rows (`products as p`): the shopper cart, compare list and wishlist. */
export const STOCK_ON_HAND = sql<number>`(select coalesce(sum(s.quantity), 0)::int from product_stock s where s.product_id = p.product_id)`;
