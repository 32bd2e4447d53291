/**
 * Online checkout as far as the order (POST /index.php?route=checkout/confirm/createOrder;
 * docs/decisions/storefront.md "Online checkout"), in three steps so no SQL transaction waits on
 * the card processor: 1. plan (one read transaction): re-price the cart from the catalog, re-check
 * stock and the shopper's rules, work out what the gift certificates pay and what the card must
 * pay; 2. authorize the card with the online gateway for that remainder, outside any transaction,
 * with the checkout key as its idempotency key; 3. store (one transaction, through the same domain
 * mutators the POS and the sync push run): plan again under the shopper's row lock, refuse if
 * anything changed since step 1, create the order with its lines, voucher payments and the `online`
 * transaction, complete it, empty the cart. If step 3 fails, the authorization is voided: a shopper
 * is never charged without an order. An order is paid in full or not made.
 *
 * Exactly once: a checkout key already used answers the order it created, so a double submit (or
 * a retry after a lost reply) never makes two orders; the gateway answers the same authorization
 * again for the same key and amount, so it never charges twice either.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CHECKOUT_MESSAGES,
  orderPlaced,
  type createOrderRequestSchema,
  type CreateOrderReply,
} from '../../../src/contracts/shop-checkout';
import { outOfStockText } from '../../../src/domain/inventory';
import { CARD_NUMBER_MESSAGE } from '../../../src/contracts/payment-link';
import { decimal, formatUSD, roundMoney, toWire, type Dec, type Money } from '../../../src/domain/money';
import { ONLINE_CHECKOUT_ROLE } from '../../../src/domain/mutations/order';
import { computeTotals } from '../../../src/domain/totals';
import type { OnlinePaymentGateway } from '../../adapters/online-payment/storefront-gateway';
import type { DB } from '../../db/schema';
import { ServiceError, unauthorized } from '../../errors';
import type { Actor } from '../../commands/actor';
import type { CommandRunner, CommandTx } from '../../commands/runner';
import type { ShopCaller, ShopCartService } from './shop-cart-service';
import { liveCodes, redemptions } from './shop-cart-codes';
import { resolveShopper } from './shop-cart-shopper';
import { priceLines } from './shop-cart-view';
import { recordOnlineOrder, resolveFulfilment, shippingLine, type ResolvedFulfilment } from './online-fulfilment';

type Input = z.output<typeof createOrderRequestSchema>;

/** Storefront orders are made by the shop itself on the shopper's behalf (the customer is attached). */
export const STOREFRONT_ACTOR: Actor = { kind: 'staff', id: 'storefront', role: ONLINE_CHECKOUT_ROLE };

type Priced = Awaited<ReturnType<typeof priceLines>>;

/** What step 1 found, and step 3 must find again unchanged. */
interface Plan {
  shopperId: string;
  lines: Priced['lines'];
  orderTotal: Money;
  vouchers: { code: string; amount: Dec }[];
  /** What the card pays (0.00 when gift certificates pay it all). */
  remainder: Dec;
  /** The server clock at planning time (the card's expiry is checked against it). */
  now: Date;
  /** Pickup store or shipping, with the charge the server derived (migration 0028-b). */
  fulfilment: ResolvedFulfilment;
  /** The shipping charge's line (null for pickup): part of orderTotal, stored as a custom line. */
  shipping: ReturnType<typeof shippingLine> | null;
}

type Authorization = { brand: string; last4: string };

export class ShopCheckoutService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly cart: ShopCartService,
    private readonly gateway: OnlinePaymentGateway,
  ) {}

  async createOrder(c: ShopCaller, input: Input): Promise<CreateOrderReply> {
    const first = await this.commands.transaction(STOREFRONT_ACTOR, (tx) => this.plan(tx, c, input, false));
    if ('reply' in first) return first.reply;

    let auth: Authorization | null = null;
    if (first.remainder.gt(0)) {
      if (!input.card)
        throw new ServiceError('invalid', 'invalid_input', CARD_NUMBER_MESSAGE, {
          'card.number': [CARD_NUMBER_MESSAGE],
        });
      const r = await this.gateway
        .authorize({
          reference: input.checkout_key,
          amount: toWire(first.remainder),
          card: input.card,
          now: new Date(first.now),
        })
        .catch(() => {
          // Unreachable processor: nothing was charged that we know of; the same key retries safely.
          throw new ServiceError('unavailable', 'payment_unavailable', CHECKOUT_MESSAGES.paymentUnavailable);
        });
      if (!r.approved) throw new ServiceError('declined', 'card_declined', r.message);
      auth = r;
    }

    try {
      return await this.commands.transaction(STOREFRONT_ACTOR, async (tx) => {
        const plan = await this.plan(tx, c, input, true);
        if ('reply' in plan) return plan.reply;
        // Anything that moved between the plan and now (cart edited in another tab, a price or a
        // certificate's balance changed) would charge a different amount than was authorized.
        if (
          !plan.orderTotal.eq(first.orderTotal) ||
          !plan.remainder.eq(first.remainder) ||
          plan.vouchers.length !== first.vouchers.length ||
          plan.fulfilment.locationId !== first.fulfilment.locationId
        ) {
          throw new ServiceError('conflict', 'cart_changed', CHECKOUT_MESSAGES.cartMoved);
        }
        return this.store(tx, c, input, plan, auth);
      });
    } catch (err) {
      if (auth) await this.releaseUnlessStored(input);
      throw err;
    }
  }

  /** Voids the card authorization unless an order was stored under this key after all (a concurrent submit). */
  private async releaseUnlessStored(input: Input): Promise<void> {
    const stored = await this.commands
      .transaction(STOREFRONT_ACTOR, (tx) =>
        tx.trx
          .selectFrom('shop_checkouts')
          .select('order_ref')
          .where('checkout_key', '=', input.checkout_key)
          .executeTakeFirst(),
      )
      .catch(() => undefined);
    if (!stored) await this.gateway.void(input.checkout_key);
  }

  /** Step 1 and the first half of step 3: the order already made under this key, or what to charge. */
  private async plan(
    tx: CommandTx,
    c: ShopCaller,
    input: Input,
    lock: boolean,
  ): Promise<Plan | { reply: CreateOrderReply }> {
    const trx: Kysely<DB> = tx.trx;
    const shopper = await resolveShopper(trx, { customerUuid: c.customerUuid, token: c.token }, false);
    if (shopper.id === null) throw new ServiceError('conflict', 'cart_empty', CHECKOUT_MESSAGES.cartEmpty);
    // Serialises this shopper's checkouts: a concurrent double submit waits here, then finds the key used.
    if (lock) await sql`select id from shop_shoppers where id = ${shopper.id}::uuid for update`.execute(trx);
    const done = await trx
      .selectFrom('shop_checkouts as k')
      .innerJoin('orders as o', 'o.id', 'k.order_ref')
      .select(['o.order_id', sql<string>`o.order_total::text`.as('total')])
      .where('k.checkout_key', '=', input.checkout_key)
      .where('k.shopper_id', '=', shopper.id)
      .executeTakeFirst();
    if (done)
      return {
        reply: { order_id: done.order_id, total_text: formatUSD(done.total), success: orderPlaced(done.order_id) },
      };

    const shop = await this.cart.shopSettings(trx);
    if (!shop.guestCheckout && !c.loggedIn) throw unauthorized(CHECKOUT_MESSAGES.loginRequired);
    const settings = await tx.settings();
    const priced = await priceLines(trx, await this.cart.storedLines(trx, shopper.id), settings);
    if (priced.stale.length > 0) throw new ServiceError('conflict', 'cart_changed', CHECKOUT_MESSAGES.cartChanged);
    if (priced.lines.length === 0) throw new ServiceError('conflict', 'cart_empty', CHECKOUT_MESSAGES.cartEmpty);
    if (!priced.allSupplied && !shop.stockCheckout)
      throw new ServiceError('conflict', 'out_of_stock', outOfStockText(null));
    // Taxed as the cart page showed it (the default store's rates), whatever the pickup store: the
    // shopper is never charged more than the page said. Shipping is a custom line, untaxed.
    const fulfilment = await resolveFulfilment(trx, input.fulfilment);
    const shipping = fulfilment.charge.gt(0) ? shippingLine(randomUUID(), fulfilment.charge) : null;
    const orderTotal = computeTotals(
      {
        lines: shipping ? [...priced.lines, shipping] : priced.lines,
        transactions: [],
        taxExempt: false,
        taxExemptNumber: null,
      },
      settings,
    ).orderTotal;
    // Gift certificates pay first; the card pays what they leave.
    const vouchers = redemptions(await liveCodes(trx, shopper.id), orderTotal).filter((v) => v.amount.gt(0));
    const remainder = roundMoney(vouchers.reduce((due, v) => due.minus(v.amount), decimal(orderTotal)));
    return {
      shopperId: shopper.id,
      lines: priced.lines,
      orderTotal,
      vouchers,
      remainder,
      now: tx.now,
      fulfilment,
      shipping,
    };
  }

  /** Step 3: the order, its payments, completion; the cart emptied. Any refusal rolls it all back. */
  private async store(
    tx: CommandTx,
    c: ShopCaller,
    input: Input,
    plan: Plan,
    auth: Authorization | null,
  ): Promise<CreateOrderReply> {
    const trx: Kysely<DB> = tx.trx;
    const orderRef = randomUUID();
    await this.commands.run(tx, 'order.create', { id: orderRef, device_ref: null, customer_ref: c.customerUuid });
    for (const line of plan.lines) {
      if (line.kind === 'product') {
        await this.commands.run(tx, 'cart.addProduct', {
          order_ref: orderRef,
          line_id: line.id,
          product_id: line.product_id,
          name: line.name,
          model: line.model,
          mpn: line.mpn,
          aaia: line.aaia,
          price: line.price,
          options: line.options,
          quantity: line.quantity,
          minimum: line.minimum,
          surcharge: line.surcharge,
          tax_class_id: line.tax_class_id,
        });
      } else if (line.kind === 'labor') {
        await this.commands.run(tx, 'cart.addLabor', {
          order_ref: orderRef,
          line_id: line.id,
          labor_id: line.labor_id,
          name: line.name,
          rate: line.rate,
          minutes: line.minutes,
          quantity: line.quantity,
          product_line_id: line.product_line_id,
        });
      }
    }
    if (plan.shipping) {
      await this.commands.run(tx, 'cart.addCustomProduct', {
        order_ref: orderRef,
        line_id: plan.shipping.id,
        name: plan.shipping.name,
        price: plan.shipping.price,
        quantity: 1,
        tax_class_id: null,
      });
    }
    // The voucher applier re-reads each certificate under its row lock: one spent meanwhile is refused (nothing stays).
    for (const v of plan.vouchers) {
      await this.commands.run(tx, 'transaction.add', {
        order_ref: orderRef,
        id: randomUUID(),
        transaction_type: 'voucher',
        amount: toWire(v.amount),
        voucher_code: v.code,
      });
    }
    if (plan.remainder.gt(0)) {
      if (!auth) throw new ServiceError('conflict', 'cart_changed', CHECKOUT_MESSAGES.cartMoved);
      await this.commands.run(tx, 'transaction.add', {
        order_ref: orderRef,
        id: randomUUID(),
        transaction_type: 'online',
        amount: toWire(plan.remainder),
        label: `Online ${auth.brand} ending ${auth.last4}`,
      });
    }
    await this.commands.run(tx, 'order.complete', { order_ref: orderRef });
    await trx
      .updateTable('orders')
      .set({
        customer_name: `${input.firstname} ${input.lastname}`.trim(),
        email: input.email,
        telephone: input.telephone,
      })
      .where('id', '=', orderRef)
      .execute();
    await recordOnlineOrder(
      trx,
      {
        orderRef,
        f: plan.fulfilment,
        shippingLineRef: plan.shipping?.id ?? null,
        email: input.email,
        telephone: input.telephone,
      },
      await tx.settings(),
    );
    await trx
      .insertInto('shop_checkouts')
      .values({ checkout_key: input.checkout_key, shopper_id: plan.shopperId, order_ref: orderRef })
      .execute();
    await trx.deleteFrom('shop_cart_items').where('shopper_id', '=', plan.shopperId).execute();
    await trx.deleteFrom('shop_cart_codes').where('shopper_id', '=', plan.shopperId).execute();
    const row = await trx
      .selectFrom('orders')
      .select(['order_id', sql<string>`order_total::text`.as('total')])
      .where('id', '=', orderRef)
      .executeTakeFirstOrThrow();
    return { order_id: row.order_id, total_text: formatUSD(row.total), success: orderPlaced(row.order_id) };
  }
}
