/**
 * The shopper cart (/checkout/cart/* for guests and customers; docs/decisions/storefront.md
 * "Shopper cart"). Each call is one SQL transaction: resolve the shopper (creating a guest only
 * when something is written), change the stored lines, re-price the cart from the catalog and
 * answer it whole. Bad input is refused with a 4xx before anything changes; nothing the client says
 * about prices is ever read.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  addedToShopCart,
  SHOP_CART_MESSAGES,
  type shopCartAddRequestSchema,
  type ShopCartReply,
} from '../../../src/contracts/shop-cart';
import type { CodeType } from '../../../src/domain/cart-codes';
import { decimal, roundMoney } from '../../../src/domain/money';
import { DEFAULT_MAX_QUANTITY, maxQuantityMessage, minQuantityMessage } from '../../../src/domain/quantity';
import type { StoreSettings } from '../../../src/domain/settings';
import { computeTotals } from '../../../src/domain/totals';
import type { DB, ShopOptions } from '../../db/schema';
import { ServiceError, notFound, unauthorized } from '../../errors';
import { ProductSettingsCache } from '../catalog/product-settings';
import { loadShopProducts, optionKey, resolveShopOptions } from './shop-cart-catalog';
import { applyShopCode, liveCodes, redemptions, removeShopCode } from './shop-cart-codes';
import { resolveShopper, type ShopperKey } from './shop-cart-shopper';
import { priceLines, shopCartReply, type ReplyExtras, type ShopCartSettings, type StoredLine } from './shop-cart-view';

export interface ShopCaller extends ShopperKey {
  loggedIn: boolean;
  /** The showroom kiosk builds carts for walk-in customers whatever the guest checkout switch says. */
  kiosk?: boolean;
}

/** A reply and what the route must do with the guest cookie (undefined: nothing). */
export interface ShopResult<T> {
  reply: T;
  cookie?: string | null;
}

type Trx = Kysely<DB>;

export const CART_PAGE = '/checkout/cart';

export class ShopCartService {
  private readonly db: Kysely<DB>;

  constructor(
    db: Kysely<DB>,
    private readonly settings: (db: Kysely<DB>) => Promise<StoreSettings>,
    private readonly shopCache: ProductSettingsCache = new ProductSettingsCache(),
    /** The online card processor is the simulator (replies say `card_test_mode`). */
    private readonly cardTestMode = false,
  ) {
    this.db = db;
  }

  /**
   * The storefront settings row (hide: the popout, stock_checkout) and the shop's one guest checkout
   * switch, the `guest_checkout` key the product page reads too: the shared cached read
   * (product-settings.ts), one stamp check per transaction while settings are unchanged.
   */
  async shopSettings(trx: Trx): Promise<ShopCartSettings> {
    const s = await this.shopCache.get(trx);
    return {
      guestCheckout: s.guestCheckout,
      popoutHidden: s.popoutHidden,
      stockCheckout: s.stockCheckout,
      cardTestMode: this.cardTestMode,
    };
  }

  async storedLines(trx: Trx, shopperId: string | null): Promise<StoredLine[]> {
    if (shopperId === null) return [];
    return trx
      .selectFrom('shop_cart_items')
      .select(['key', 'product_id', 'quantity', 'options', 'apply_labor', 'labor_key'])
      .where('shopper_id', '=', shopperId)
      .orderBy('created_at')
      .orderBy('key')
      .execute();
  }

  /** Re-prices the shopper's cart and builds the reply; lines the catalog dropped are deleted. */
  async reply(trx: Trx, shopperId: string | null, c: ShopCaller, extras: ReplyExtras = {}): Promise<ShopCartReply> {
    const settings = await this.settings(trx);
    const priced = await priceLines(trx, await this.storedLines(trx, shopperId), settings);
    if (priced.stale.length > 0) await trx.deleteFrom('shop_cart_items').where('key', 'in', priced.stale).execute();
    return shopCartReply(
      priced,
      settings,
      await this.shopSettings(trx),
      c.loggedIn,
      extras,
      await liveCodes(trx, shopperId),
    );
  }

  private call(
    c: ShopCaller,
    create: boolean,
    op: (trx: Trx, shopperId: string | null) => Promise<ReplyExtras>,
  ): Promise<ShopResult<ShopCartReply>> {
    return this.db.transaction().execute(async (trx) => {
      const shopper = await resolveShopper(trx, c, create);
      const extras = await op(trx, shopper.id);
      const reply = await this.reply(trx, shopper.id, c, extras);
      return shopper.cookie === undefined ? { reply } : { reply, cookie: shopper.cookie };
    });
  }

  getData(c: ShopCaller): Promise<ShopResult<ShopCartReply>> {
    return this.call(c, false, () => Promise.resolve({}));
  }

  add(c: ShopCaller, req: z.output<typeof shopCartAddRequestSchema>): Promise<ShopResult<ShopCartReply>> {
    return this.db.transaction().execute(async (trx) => {
      if (!c.loggedIn && !c.kiosk && !(await this.shopSettings(trx)).guestCheckout)
        throw unauthorized(SHOP_CART_MESSAGES.loginRequired);
      // Validate against the catalog before a guest row or cookie is created.
      const p = (await loadShopProducts(trx, [req.product_id])).get(req.product_id);
      if (!p) throw notFound(SHOP_CART_MESSAGES.productNotFound);
      if (!p.orderable) throw new ServiceError('invalid', 'not_orderable', SHOP_CART_MESSAGES.notOrderable);
      const options = req.option as ShopOptions;
      const resolved = resolveShopOptions(p, options, SHOP_CART_MESSAGES.optionInvalid);
      if (!Array.isArray(resolved))
        throw new ServiceError('invalid', 'invalid_input', resolved.message, { [resolved.field]: [resolved.message] });
      if (req.quantity < p.minimum)
        throw new ServiceError('invalid', 'invalid_input', minQuantityMessage(p.minimum), {
          quantity: [minQuantityMessage(p.minimum)],
        });

      const shopper = await resolveShopper(trx, c, true);
      const shopperId = shopper.id as string;
      const key = optionKey(options);
      const existing = await trx
        .selectFrom('shop_cart_items')
        .select(['key', 'quantity'])
        .where('shopper_id', '=', shopperId)
        .where('product_id', '=', p.product_id)
        .where('option_key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      const quantity = (existing?.quantity ?? 0) + req.quantity;
      if (quantity > DEFAULT_MAX_QUANTITY) {
        throw new ServiceError('invalid', 'invalid_input', maxQuantityMessage(DEFAULT_MAX_QUANTITY), {
          quantity: [maxQuantityMessage(DEFAULT_MAX_QUANTITY)],
        });
      }
      const applyLabor = req.apply_labor && p.labor !== null;
      if (existing) {
        await trx
          .updateTable('shop_cart_items')
          .set((eb) => ({ quantity, apply_labor: applyLabor ? true : eb.ref('apply_labor') }))
          .where('key', '=', existing.key)
          .execute();
      } else {
        await trx
          .insertInto('shop_cart_items')
          .values({
            key: randomUUID(),
            shopper_id: shopperId,
            product_id: p.product_id,
            quantity,
            options: JSON.stringify(options),
            option_key: key,
            apply_labor: applyLabor,
            labor_key: randomUUID(),
          })
          .execute();
      }
      const reply = await this.reply(trx, shopperId, c, {
        success: addedToShopCart(p.name),
        error_message: '',
        marketing: [{ event: 'add_to_cart', product_id: p.product_id, quantity: req.quantity }],
      });
      return shopper.cookie === undefined ? { reply } : { reply, cookie: shopper.cookie };
    });
  }

  /** Finds the stored line of a key: a product line, or (for its labor row) the line it belongs to. */
  private async lineOf(
    trx: Trx,
    shopperId: string | null,
    key: string,
  ): Promise<{ key: string; isLabor: boolean; productId: number; quantity: number }> {
    if (shopperId === null) throw notFound(SHOP_CART_MESSAGES.lineNotFound);
    const row = await trx
      .selectFrom('shop_cart_items')
      .select(['key', 'labor_key', 'apply_labor', 'product_id', 'quantity'])
      .where('shopper_id', '=', shopperId)
      .where((eb) => eb.or([eb('key', '=', key), eb.and([eb('labor_key', '=', key), eb('apply_labor', '=', true)])]))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(SHOP_CART_MESSAGES.lineNotFound);
    return { key: row.key, isLabor: row.key !== key, productId: row.product_id, quantity: row.quantity };
  }

  /** PUT edit: a labor row follows its product, so editing either sets the product's quantity. */
  edit(c: ShopCaller, key: string, quantity: number): Promise<ShopResult<ShopCartReply>> {
    return this.call(c, false, async (trx, shopperId) => {
      const line = await this.lineOf(trx, shopperId, key);
      // The product's minimum holds on edit as on add (a product gone from the catalog keeps 1).
      const minimum = (await loadShopProducts(trx, [line.productId])).get(line.productId)?.minimum ?? 1;
      if (quantity < minimum)
        throw new ServiceError('invalid', 'invalid_input', minQuantityMessage(minimum), {
          quantity: [minQuantityMessage(minimum)],
        });
      await trx.updateTable('shop_cart_items').set({ quantity }).where('key', '=', line.key).execute();
      // §9 marketing: the change in units, as an add or a remove (docs/decisions/storefront.md "Marketing events").
      const delta = quantity - line.quantity;
      const marketing =
        delta === 0
          ? []
          : [
              {
                event: delta > 0 ? 'add_to_cart' : 'remove_from_cart',
                product_id: line.productId,
                quantity: Math.abs(delta),
              },
            ];
      return { success: 'Success: You have modified your shopping cart!', marketing };
    });
  }

  /** POST remove: a labor row's key takes off only the labor; the product's key the whole line. */
  remove(c: ShopCaller, key: string): Promise<ShopResult<ShopCartReply>> {
    return this.call(c, false, async (trx, shopperId) => {
      const line = await this.lineOf(trx, shopperId, key);
      if (line.isLabor)
        await trx.updateTable('shop_cart_items').set({ apply_labor: false }).where('key', '=', line.key).execute();
      else await trx.deleteFrom('shop_cart_items').where('key', '=', line.key).execute();
      const left = await trx
        .selectFrom('shop_cart_items')
        .select('key')
        .where('shopper_id', '=', shopperId as string)
        .limit(1)
        .executeTakeFirst();
      // §4: removing the last item goes to the cart page.
      const removed = line.isLabor ? {} : { product_id: line.productId, quantity: line.quantity };
      return { redirect: left ? null : CART_PAGE, marketing: [{ event: 'remove_from_cart', ...removed }] };
    });
  }

  /** POST applyCode: records a gift certificate code (redeemed at checkout); coupons do not exist. */
  applyCode(c: ShopCaller, type: CodeType, code: string): Promise<ShopResult<ShopCartReply>> {
    return this.call(c, false, async (trx, shopperId) => {
      const settings = await this.settings(trx);
      const priced = await priceLines(trx, await this.storedLines(trx, shopperId), settings);
      const total = computeTotals(
        { lines: priced.lines, transactions: [], taxExempt: false, taxExemptNumber: null },
        settings,
      ).orderTotal;
      const applied = redemptions(await liveCodes(trx, shopperId), total).reduce(
        (sum, r) => sum.plus(r.amount),
        decimal(0),
      );
      return { success: await applyShopCode(trx, shopperId, type, code, roundMoney(decimal(total).minus(applied))) };
    });
  }

  /** POST removeCode (one code), or GET index.php?route=checkout/{type}/remove (`code` null: all of the type). */
  removeCode(c: ShopCaller, type: CodeType, code: string | null): Promise<ShopResult<ShopCartReply>> {
    return this.call(c, false, async (trx, shopperId) => ({
      success: await removeShopCode(trx, shopperId, type, code),
    }));
  }
}
