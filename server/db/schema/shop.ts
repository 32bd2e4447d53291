/** The shopper's cart, compare list, wishlist and online checkouts (migration 0012-shop). */
import type { ColumnType } from 'kysely';
import type { GeneratedTimestamp } from './columns';

export interface ShopShoppersTable {
  id: string;
  token_hash: string | null;
  customer_uuid: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** product_option_id -> value id(s) or text, as the add call sent them (validated). */
export type ShopOptions = Record<string, string | number | (string | number)[]>;

export interface ShopCartItemsTable {
  key: string;
  shopper_id: string;
  product_id: number;
  quantity: number;
  options: ColumnType<ShopOptions, string, string>;
  option_key: string;
  apply_labor: boolean;
  labor_key: string;
  created_at: GeneratedTimestamp;
}

export interface ShopCartCodesTable {
  shopper_id: string;
  /** As the certificate spells it. */
  code: string;
  added_at: GeneratedTimestamp;
}

export interface ShopCompareTable {
  shopper_id: string;
  product_id: number;
  added_at: GeneratedTimestamp;
}

export interface ShopWishlistTable {
  customer_uuid: string;
  product_id: number;
  added_at: GeneratedTimestamp;
}

export interface ShopCheckoutsTable {
  checkout_key: string;
  shopper_id: string | null;
  order_ref: string;
  created_at: GeneratedTimestamp;
}

/** The storefront tables in DB. */
export interface ShopTables {
  shop_shoppers: ShopShoppersTable;
  shop_cart_items: ShopCartItemsTable;
  shop_cart_codes: ShopCartCodesTable;
  shop_compare: ShopCompareTable;
  shop_wishlist: ShopWishlistTable;
  shop_checkouts: ShopCheckoutsTable;
}
