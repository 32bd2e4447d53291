/**
 * Compare list and wishlist (storefront.md §7 "Compare and wishlist"). The compare list belongs to
 * the shopper (guest cookie or account, as the cart: shop-cart-shopper.ts) and keeps the newest
 * COMPARE_LIMIT products; the wishlist belongs to a customer account only (docs/decisions/storefront.md
 * "Wishlist for guests"). Each call answers the whole list, read fresh from the catalog.
 */
import { sql, type Kysely } from 'kysely';
import {
  COMPARE_LIMIT,
  SHOP_LIST_MESSAGES,
  type CompareReply,
  type ListedProduct,
  type WishlistReply,
} from '../../../src/contracts/shop-lists';
import { inventoryText } from '../../../src/domain/inventory';
import { decimal, formatUSD, toWire } from '../../../src/domain/money';
import type { DB } from '../../db/schema';
import { notFound, unauthorized } from '../../errors';
import { CARD_COLUMNS, STOCK_ON_HAND } from '../catalog/product-columns';
import { priceViewFor, ProductSettingsCache, type ProductSettings } from '../catalog/product-settings';
import type { ShopCaller, ShopResult } from './shop-cart-service';
import { resolveShopper } from './shop-cart-shopper';

type Trx = Kysely<DB>;

/** Each list's table and the column that says whose it is: a shopper's (compare) or a customer's (wishlist). */
const LIST_OWNER = { shop_compare: 'shopper_id', shop_wishlist: 'customer_uuid' } as const;
type ShopList = keyof typeof LIST_OWNER;

/**
 * The products as the table shows them, prices by the listing's rule (price-visibility.ts): a guest
 * of a shop with `customer_price` on gets none, a product with pricing off shows the shop's notice.
 */
async function listed(
  trx: Trx,
  ids: readonly number[],
  shop: ProductSettings,
  signedIn: boolean,
): Promise<ListedProduct[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('products as p')
    .innerJoin('manufacturers as m', 'm.manufacturer_id', 'p.manufacturer_id')
    .select([
      ...CARD_COLUMNS,
      'm.name as manufacturer',
      sql<string>`p.price::text`.as('price'),
      sql<string>`p.weight::text`.as('weight'),
      STOCK_ON_HAND.as('stock'),
    ])
    .where('p.product_id', 'in', [...ids])
    .where('p.status', '=', true)
    .execute();
  const byId = new Map(rows.map((r) => [r.product_id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const view = priceViewFor(shop, signedIn, r.disable_pricing);
    const price = view.hidden ? null : toWire(decimal(r.price));
    return [
      {
        product_id: r.product_id,
        name: r.name,
        manufacturer: r.manufacturer,
        part_number: r.mpn,
        short_description: r.short_description,
        thumbnail: r.image,
        price,
        price_text: price === null ? view.text : formatUSD(price),
        price_login_required: view.loginRequired,
        disable_pricing: r.disable_pricing,
        is_orderable: r.is_orderable,
        requires_options: r.requires_options,
        stock_text: inventoryText(Number(r.stock)),
        weight: `${toWire(decimal(r.weight))} lb`,
        links: { view: `/${r.slug}` },
      },
    ];
  });
}

async function assertProduct(trx: Trx, productId: number): Promise<void> {
  const p = await trx
    .selectFrom('products')
    .select('product_id')
    .where('product_id', '=', productId)
    .where('status', '=', true)
    .executeTakeFirst();
  if (!p) throw notFound(SHOP_LIST_MESSAGES.productNotFound);
}

export class ShopListsService {
  private readonly db: Kysely<DB>;

  constructor(
    db: Kysely<DB>,
    private readonly settings: ProductSettingsCache = new ProductSettingsCache(),
  ) {
    this.db = db;
  }

  /** A list's products in the order they were added (ties by product id). */
  private async listOf(trx: Trx, list: ShopList, owner: string, signedIn: boolean): Promise<ListedProduct[]> {
    const rows = await trx
      .selectFrom(list)
      .select('product_id')
      .where(LIST_OWNER[list], '=', owner)
      .orderBy('added_at')
      .orderBy('product_id')
      .execute();
    if (rows.length === 0) return [];
    return listed(
      trx,
      rows.map((r) => r.product_id),
      await this.settings.get(trx),
      signedIn,
    );
  }

  private async compareOf(trx: Trx, shopperId: string | null, signedIn: boolean): Promise<CompareReply> {
    if (shopperId === null) return { products: [] };
    return { products: await this.listOf(trx, 'shop_compare', shopperId, signedIn) };
  }

  getCompare(key: ShopCaller): Promise<ShopResult<CompareReply>> {
    return this.db.transaction().execute(async (trx) => {
      const s = await resolveShopper(trx, key, false);
      return {
        reply: await this.compareOf(trx, s.id, key.loggedIn),
        ...(s.cookie === undefined ? {} : { cookie: s.cookie }),
      };
    });
  }

  changeCompare(key: ShopCaller, action: 'add' | 'remove', productId: number): Promise<ShopResult<CompareReply>> {
    return this.db.transaction().execute(async (trx) => {
      if (action === 'add') await assertProduct(trx, productId);
      const s = await resolveShopper(trx, key, action === 'add');
      if (s.id !== null && action === 'add') {
        await trx
          .insertInto('shop_compare')
          .values({ shopper_id: s.id, product_id: productId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        // Keep the newest COMPARE_LIMIT: the compare table is read side by side on a phone.
        await sql`delete from shop_compare where shopper_id = ${s.id}::uuid and product_id not in (
          select product_id from shop_compare where shopper_id = ${s.id}::uuid order by added_at desc, product_id desc limit ${COMPARE_LIMIT})`.execute(
          trx,
        );
      } else if (s.id !== null) {
        await trx
          .deleteFrom('shop_compare')
          .where('shopper_id', '=', s.id)
          .where('product_id', '=', productId)
          .execute();
      }
      return {
        reply: await this.compareOf(trx, s.id, key.loggedIn),
        ...(s.cookie === undefined ? {} : { cookie: s.cookie }),
      };
    });
  }

  private async wishlistOf(trx: Trx, customerUuid: string): Promise<WishlistReply> {
    // Only customers have a wishlist: signed in, so only pricing-off products go without a price.
    return { products: await this.listOf(trx, 'shop_wishlist', customerUuid, true), logged_in: true };
  }

  /** A guest's wishlist is empty and says so (logged_in false); the page asks them to log in. */
  getWishlist(customerUuid: string | null): Promise<WishlistReply> {
    if (customerUuid === null) return Promise.resolve({ products: [], logged_in: false });
    return this.db.transaction().execute((trx) => this.wishlistOf(trx, customerUuid));
  }

  changeWishlist(customerUuid: string | null, action: 'add' | 'remove', productId: number): Promise<WishlistReply> {
    if (customerUuid === null) return Promise.reject(unauthorized(SHOP_LIST_MESSAGES.loginRequired));
    return this.db.transaction().execute(async (trx) => {
      if (action === 'add') {
        await assertProduct(trx, productId);
        await trx
          .insertInto('shop_wishlist')
          .values({ customer_uuid: customerUuid, product_id: productId })
          .onConflict((oc) => oc.doNothing())
          .execute();
      } else {
        await trx
          .deleteFrom('shop_wishlist')
          .where('customer_uuid', '=', customerUuid)
          .where('product_id', '=', productId)
          .execute();
      }
      return this.wishlistOf(trx, customerUuid);
    });
  }
}
