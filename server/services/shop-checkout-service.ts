/**
 * Online checkout as far as the order (POST /index.php?route=checkout/confirm/createOrder;
 * docs/decisions.md "Online checkout"). One SQL transaction, through the same domain mutators the
 * POS and the sync push run (PosCommands): re-price the cart from the catalog, re-check stock,
 * authorize the card with the online gateway for what the applied gift certificates leave, then
 * create the order with its lines, record the voucher payments and the `online` transaction,
 * complete it and empty the cart.
 *
 * Exactly once: the shopper's row is locked first, and a checkout key already used answers the
 * order it created, so a double submit (or a retry after a lost reply) never makes two orders.
 * A refusal or a decline leaves nothing behind. The simulated gateway has no side effects, so
 * authorizing inside the transaction is safe; a real adapter must authorize with the checkout key
 * as its idempotency key (a rolled-back attempt then re-uses the same authorization).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { CHECKOUT_MESSAGES, orderPlaced, type createOrderRequestSchema, type CreateOrderReply } from '../../src/contracts/shop-checkout';
import { outOfStockText } from '../../src/domain/inventory';
import { CARD_NUMBER_MESSAGE } from '../../src/contracts/payment-link';
import { decimal, formatUSD, roundMoney, toWire } from '../../src/domain/money';
import { computeTotals } from '../../src/domain/totals';
import type { OnlinePaymentGateway } from '../adapters/online-payment/storefront-gateway';
import { shopDb, type ShopDB } from '../db/schema-shop';
import { HttpError, unauthorized } from '../http/errors';
import type { Actor } from '../sync/appliers/types';
import type { PosCommands } from './pos-commands';
import type { ShopCaller, ShopCartService } from './shop-cart-service';
import { liveCodes, redemptions } from './shop-cart-codes';
import { resolveShopper } from './shop-cart-shopper';
import { priceLines } from './shop-cart-view';

type Input = z.output<typeof createOrderRequestSchema>;

/** Storefront orders are made by the shop itself on the shopper's behalf (the customer is attached). */
export const STOREFRONT_ACTOR: Actor = { kind: 'staff', id: 'storefront', role: 'system' };

export class ShopCheckoutService {
  constructor(
    private readonly commands: PosCommands,
    private readonly cart: ShopCartService,
    private readonly gateway: OnlinePaymentGateway,
  ) {}

  createOrder(c: ShopCaller, input: Input): Promise<CreateOrderReply> {
    return this.commands.transaction(STOREFRONT_ACTOR, async (tx) => {
      const trx: Kysely<ShopDB> = shopDb(tx.trx);
      const shopper = await resolveShopper(trx, { customerUuid: c.customerUuid, token: c.token }, false);
      if (shopper.id === null) throw new HttpError(409, 'cart_empty', CHECKOUT_MESSAGES.cartEmpty);
      // Serialises this shopper's checkouts: a concurrent double submit waits here, then finds the key used.
      await sql`select id from shop_shoppers where id = ${shopper.id}::uuid for update`.execute(trx);
      const done = await trx
        .selectFrom('shop_checkouts as k')
        .innerJoin('orders as o', 'o.id', 'k.order_ref')
        .select(['o.order_id', sql<string>`o.order_total::text`.as('total')])
        .where('k.checkout_key', '=', input.checkout_key)
        .where('k.shopper_id', '=', shopper.id)
        .executeTakeFirst();
      if (done) return { order_id: done.order_id, total_text: formatUSD(done.total), success: orderPlaced(done.order_id) };

      const shop = await this.cart.shopSettings(trx);
      if (!shop.guestCheckout && !c.loggedIn) throw unauthorized(CHECKOUT_MESSAGES.loginRequired);
      const settings = await tx.settings();
      const priced = await priceLines(trx, await this.cart.storedLines(trx, shopper.id), settings);
      if (priced.stale.length > 0) throw new HttpError(409, 'cart_changed', CHECKOUT_MESSAGES.cartChanged);
      if (priced.lines.length === 0) throw new HttpError(409, 'cart_empty', CHECKOUT_MESSAGES.cartEmpty);
      if (!priced.allInStock && !shop.stockCheckout) throw new HttpError(409, 'out_of_stock', outOfStockText(null));
      const orderTotal = computeTotals({ lines: priced.lines, transactions: [], taxExempt: false, taxExemptNumber: null }, settings).orderTotal;
      // Gift certificates pay first; the card pays what they leave.
      const vouchers = redemptions(await liveCodes(trx, shopper.id), orderTotal).filter((v) => v.amount.gt(0));
      const remainder = roundMoney(vouchers.reduce((due, v) => due.minus(v.amount), decimal(orderTotal)));
      let auth: { brand: string; last4: string } | null = null;
      if (remainder.gt(0)) {
        if (!input.card) throw new HttpError(400, 'invalid_input', CARD_NUMBER_MESSAGE, { 'card.number': [CARD_NUMBER_MESSAGE] });
        const r = await this.gateway.authorize({ reference: input.checkout_key, amount: toWire(remainder), card: input.card, now: new Date(tx.now) });
        if (!r.approved) throw new HttpError(402, 'card_declined', r.message);
        auth = r;
      }

      const orderRef = randomUUID();
      await this.commands.run(tx, 'order.create', { id: orderRef, device_ref: null, customer_ref: c.customerUuid });
      for (const line of priced.lines) {
        if (line.kind === 'product') {
          await this.commands.run(tx, 'cart.addProduct', {
            order_ref: orderRef, line_id: line.id, product_id: line.product_id, name: line.name, model: line.model, mpn: line.mpn, aaia: line.aaia,
            price: line.price, options: line.options, quantity: line.quantity, minimum: line.minimum, surcharge: line.surcharge, tax_class_id: line.tax_class_id,
          });
        } else if (line.kind === 'labor') {
          await this.commands.run(tx, 'cart.addLabor', {
            order_ref: orderRef, line_id: line.id, labor_id: line.labor_id, name: line.name, rate: line.rate, minutes: line.minutes, quantity: line.quantity,
            product_line_id: line.product_line_id,
          });
        }
      }
      // The voucher applier re-reads each certificate under its row lock: one spent meanwhile is refused (nothing stays).
      for (const v of vouchers) {
        await this.commands.run(tx, 'transaction.add', { order_ref: orderRef, id: randomUUID(), transaction_type: 'voucher', amount: toWire(v.amount), voucher_code: v.code });
      }
      if (auth) {
        await this.commands.run(tx, 'transaction.add', {
          order_ref: orderRef, id: randomUUID(), transaction_type: 'online', amount: toWire(remainder), label: `Online ${auth.brand} ending ${auth.last4}`,
        });
      }
      await this.commands.run(tx, 'order.complete', { order_ref: orderRef });
      await trx
        .updateTable('orders')
        .set({ customer_name: `${input.firstname} ${input.lastname}`.trim(), email: input.email, telephone: input.telephone })
        .where('id', '=', orderRef)
        .execute();
      await trx.insertInto('shop_checkouts').values({ checkout_key: input.checkout_key, shopper_id: shopper.id, order_ref: orderRef }).execute();
      await trx.deleteFrom('shop_cart_items').where('shopper_id', '=', shopper.id).execute();
      await trx.deleteFrom('shop_cart_codes').where('shopper_id', '=', shopper.id).execute();
      const row = await trx.selectFrom('orders').select(['order_id', sql<string>`order_total::text`.as('total')]).where('id', '=', orderRef).executeTakeFirstOrThrow();
      return { order_id: row.order_id, total_text: formatUSD(row.total), success: orderPlaced(row.order_id) };
    });
  }
}
