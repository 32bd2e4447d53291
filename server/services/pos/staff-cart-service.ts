/**
 * The staff cart (/checkout/cart/*): the draft order of the caller's staff session, changed only
 * through the domain mutators (server/commands/runner.ts -> the appliers). Each call is one SQL transaction:
 * find the session's cart (locked), run the mutations, read the cart back, answer it whole.
 * A cart is created on the first add (or customer assignment); see pos-cart-store.ts for how a
 * session owns it and docs/decisions/pos.md ("Staff cart and POS order calls") for every choice here.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  addedToCart,
  CART_MESSAGES,
  customerAssigned,
  type cartAddRequestSchema,
  type cartApplyLaborRequestSchema,
  type cartCodeRequestSchema,
  type cartCustomProductRequestSchema,
  type cartUpdateLaborRequestSchema,
  type StaffCartReply,
} from '../../../src/contracts/staff-cart';
import { replaceCartRefusal } from '../../../src/domain/cart-lifecycle';
import { LABOR_UPDATE_FAILED, LABOR_UPDATED } from '../../../src/domain/forms/custom-labor';
import { UNIT_PRICE_FAILED, UNIT_PRICE_UPDATED } from '../../../src/domain/forms/price-edit';
import { assertEditable, LINE_NOT_FOUND } from '../../../src/domain/mutations/guards';
import { validatePriceInput } from '../../../src/domain/pricing';
import { normalizeQuantity, NOT_A_NUMBER_MESSAGE } from '../../../src/domain/quantity';
import type { Refusal } from '../../../src/domain/refusal';
import type { Actor } from '../../commands/actor';
import { ServiceError, notFound } from '../../errors';
import { loadOrder } from '../../commands/records/orders';
import { changeCode } from './pos-cart-codes';
import {
  abandonCart,
  attachCart,
  cartOfAnotherUser,
  detachCart,
  findCart,
  loadCartView,
  type CartSession,
} from './pos-cart-store';
import { catalogProduct, laborType } from './pos-cart-products';
import { cartReply, type CartOutcome, type YmmVehicle } from './pos-cart-reply';
import { CommandRefused } from '../../commands/refusals';
import type { CommandRunner, CommandTx } from '../../commands/runner';
import { customersByContact, customerUuid, orderUuid } from './pos-lookups';

export interface CartCaller {
  session: CartSession;
  actor: Actor;
  /** The current YMM selection (fitment cookie), shown as ymm_vehicle. */
  ymm: YmmVehicle;
}

/** What an operation did: the outcome to report and, when it changed, the session's cart afterwards. */
type Done = CartOutcome & { cart?: string | null };
type Op = (tx: CommandTx, cart: string | null) => Promise<Done>;

const quantityOf = (input: number | string, min: number, max: number) => {
  const q = normalizeQuantity(input, { min, max });
  if (q.error === NOT_A_NUMBER_MESSAGE)
    throw new ServiceError('invalid', 'invalid_input', NOT_A_NUMBER_MESSAGE, { quantity: [NOT_A_NUMBER_MESSAGE] });
  return q;
};
const cartEmpty = () => new ServiceError('not_found', 'cart_empty', CART_MESSAGES.empty);
const need = (cart: string | null): string => {
  if (cart === null) throw cartEmpty();
  return cart;
};
/** A refusal answered with the call's own message; the domain's reason goes in `fields[field]`. */
const withMessage = (message: string, field: string) => (r: Refusal) =>
  new CommandRefused(r, message, { [field]: [r.message] });

export class StaffCartService {
  constructor(private readonly commands: CommandRunner) {}

  private call(c: CartCaller, op: Op): Promise<StaffCartReply> {
    return this.commands.transaction(c.actor, async (tx) => {
      const cart = await findCart(tx.trx, c.session);
      const done = await op(tx, cart);
      const ref = done.cart === undefined ? cart : done.cart;
      const view = ref ? await loadCartView(tx.trx, ref) : null;
      return cartReply(view, await tx.settings(), c.ymm, done);
    });
  }

  /** The session's cart, created (with `customerRef` attached) when it has none. */
  private async ensureCart(
    tx: CommandTx,
    c: CartCaller,
    cart: string | null,
    customerRef: string | null = null,
  ): Promise<string> {
    if (cart !== null) return cart;
    const id = randomUUID();
    await this.commands.run(tx, 'order.create', { id, device_ref: null, customer_ref: customerRef });
    await attachCart(tx.trx, c.session, id);
    return id;
  }

  getData(c: CartCaller): Promise<StaffCartReply> {
    return this.call(c, () => Promise.resolve({}));
  }

  add(c: CartCaller, req: z.output<typeof cartAddRequestSchema>): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const p = await catalogProduct(tx.trx, req.product_id, req.option);
      const q = quantityOf(req.quantity, p.minimum, (await tx.settings()).maxQuantity);
      const ref = await this.ensureCart(tx, c, cart);
      const lineId = randomUUID();
      const { labor, ...product } = p;
      await this.commands.run(tx, 'cart.addProduct', {
        ...product,
        order_ref: ref,
        line_id: lineId,
        quantity: q.value,
        surcharge: '0.00',
      });
      if (req.apply_labor && labor) await this.installLabor(tx, ref, lineId, p.product_id, labor);
      return { cart: ref, success: addedToCart(p.name), error_message: q.error ?? '' };
    });
  }

  /** The product's installation labor, once per product line (the line just added or the one it merged into). */
  private async installLabor(
    tx: CommandTx,
    ref: string,
    lineId: string,
    productId: number,
    labor: { labor_id: number; name: string; minutes: number },
  ): Promise<void> {
    const order = (await loadOrder(tx.trx, ref, false))?.order;
    const line =
      order?.lines.find((l) => l.id === lineId) ??
      order?.lines.find((l) => l.kind === 'product' && l.product_id === productId && l.price_override === null);
    if (!order || !line || order.lines.some((l) => l.kind === 'labor' && l.product_line_id === line.id)) return;
    const type = await laborType(tx.trx, labor.labor_id);
    await this.commands.run(tx, 'cart.addLabor', {
      order_ref: ref,
      line_id: randomUUID(),
      labor_id: labor.labor_id,
      name: labor.name,
      rate: type.rate,
      minutes: labor.minutes,
      quantity: line.quantity,
      product_line_id: line.id,
    });
  }

  edit(c: CartCaller, key: string, quantity: number | string): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const ref = need(cart);
      const line = (await loadOrder(tx.trx, ref, false))?.order.lines.find((l) => l.id === key);
      if (!line) throw notFound(LINE_NOT_FOUND);
      const q = quantityOf(quantity, line.kind === 'product' ? line.minimum : 1, (await tx.settings()).maxQuantity);
      await this.commands.run(tx, 'cart.setQuantity', { order_ref: ref, line_id: key, quantity: q.value });
      return { error_message: q.error ?? '' };
    });
  }

  remove(c: CartCaller, key: string): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      await this.commands.run(tx, 'cart.removeLine', { order_ref: need(cart), line_id: key });
      return { redirectWhenEmpty: true };
    });
  }

  /** POST applyCode: redeems a gift certificate on the cart (src/domain/cart-codes.ts); coupons do not exist. */
  applyCode(c: CartCaller, req: z.output<typeof cartCodeRequestSchema>): Promise<StaffCartReply> {
    return this.callOn(c, req.order_ref, (tx, ref) => changeCode(this.commands, tx, ref, 'apply', req));
  }

  /** POST removeCode: voids the cart's redemptions of the code, giving the certificate its balance back. */
  removeCode(c: CartCaller, req: z.output<typeof cartCodeRequestSchema>): Promise<StaffCartReply> {
    return this.callOn(c, req.order_ref, (tx, ref) => changeCode(this.commands, tx, ref, 'remove', req));
  }

  /**
   * `op` on the session's cart, or on `orderRef` when a POS device names its own cart (the device's
   * cart is the order it keeps locally, not necessarily this session's). That order must be
   * editable and not another cashier's session cart; the session's mapping is left as it is.
   */
  private callOn(
    c: CartCaller,
    orderRef: string | undefined,
    op: (tx: CommandTx, ref: string) => Promise<Done>,
  ): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const ref = orderRef ?? need(cart);
      if (ref !== cart) {
        const found = await loadOrder(tx.trx, ref, false);
        if (!found) throw notFound();
        const locked = assertEditable(found.order);
        if (locked) throw new CommandRefused(locked);
        if (await cartOfAnotherUser(tx.trx, ref, c.session))
          throw new ServiceError('conflict', 'cart_taken', CART_MESSAGES.taken);
      }
      return { cart: ref, ...(await op(tx, ref)) };
    });
  }

  setCustomer(c: CartCaller, customer: number | string): Promise<StaffCartReply> {
    return this.call(c, (tx, cart) => this.assign(tx, c, cart, customer));
  }

  /** POST getCustomer: the customer an email, phone or number names, attached to the cart. */
  getCustomer(c: CartCaller, data: string): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const [id, other] = await customersByContact(tx.trx, data);
      if (id === undefined) throw notFound(CART_MESSAGES.noCustomerMatch);
      if (other !== undefined)
        throw new ServiceError('conflict', 'ambiguous_customer', CART_MESSAGES.manyCustomersMatch);
      return this.assign(tx, c, cart, id);
    });
  }

  private async assign(tx: CommandTx, c: CartCaller, cart: string | null, customer: number | string): Promise<Done> {
    const id = await customerUuid(tx.trx, customer);
    if (cart === null) cart = await this.ensureCart(tx, c, null, id);
    else await this.commands.run(tx, 'order.setCustomer', { order_ref: cart, customer_ref: id });
    const who = await tx.trx
      .selectFrom('customers')
      .select(['firstname', 'lastname'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { cart, success: customerAssigned(`${who.firstname} ${who.lastname}`.trim()), customerLogin: true };
  }

  removeCustomer(c: CartCaller): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      if (cart === null) return {};
      await this.commands.run(tx, 'order.removeCustomer', { order_ref: cart });
      return { success: CART_MESSAGES.customerRemoved };
    });
  }

  /** POST setCheckoutData: the only checkout datum a POS order keeps is its customer (null removes it). */
  setCheckoutData(c: CartCaller, customer: number | string | null | undefined): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      if (customer === undefined) return {};
      if (customer !== null) return this.assign(tx, c, cart, customer);
      if (cart !== null) await this.commands.run(tx, 'order.removeCustomer', { order_ref: cart });
      return {};
    });
  }

  saveOrder(c: CartCaller): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      await this.commands.run(tx, 'order.save', { order_ref: need(cart) });
      return { success: CART_MESSAGES.saved };
    });
  }

  saveOrderAndCheckout(c: CartCaller): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      await this.commands.run(tx, 'order.save', { order_ref: need(cart) });
      return { success: CART_MESSAGES.saved, redirect: '/pos/checkout' };
    });
  }

  /** Quote: the order becomes a quote and leaves the cart; the receipt shows it (Back to Check Out continues it). */
  quoteOrder(c: CartCaller): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const ref = need(cart);
      await this.commands.run(tx, 'order.quote', { order_ref: ref });
      const order = (await loadOrder(tx.trx, ref, false))?.order;
      await detachCart(tx.trx, c.session);
      return {
        cart: null,
        success: CART_MESSAGES.quoted,
        redirect: `/pos/order/receipt?order_id=${order?.order_id ?? ref}`,
      };
    });
  }

  /** Abandon: the cart forgets its order; the domain's `abandonAction` says whether it is saved, voided, deleted or left. */
  abandonOrder(c: CartCaller): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      if (cart === null) return {};
      await this.putAside(tx, c, cart);
      return { cart: null, success: CART_MESSAGES.abandoned };
    });
  }

  private async putAside(tx: CommandTx, c: CartCaller, cart: string): Promise<void> {
    const action = await abandonCart(tx.trx, c.session, cart);
    if (action === 'save') await this.commands.run(tx, 'order.save', { order_ref: cart });
    if (action === 'void') await this.commands.run(tx, 'order.void', { order_ref: cart });
  }

  /** Cancel: the cart's order is voided (with its incomplete transactions) and leaves the cart. */
  cancelOrder(c: CartCaller): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      await this.commands.run(tx, 'order.void', { order_ref: need(cart) });
      await detachCart(tx.trx, c.session);
      return { cart: null, success: CART_MESSAGES.cancelled };
    });
  }

  /** Voids the store credit payments taken on the cart's order (the credit goes back to the customer). */
  removeCredit(c: CartCaller): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const ref = need(cart);
      const credits = ((await loadOrder(tx.trx, ref, false))?.transactions ?? []).filter(
        (t) => t.transaction_type === 'store_credit' && t.status === 'approved',
      );
      if (credits.length === 0) throw new ServiceError('conflict', 'no_store_credit', CART_MESSAGES.noCredit);
      for (const t of credits)
        await this.commands.run(tx, 'transaction.void', { order_ref: ref, transaction_ref: t.id });
      return { success: CART_MESSAGES.creditRemoved };
    });
  }

  updatePrice(c: CartCaller, key: string, newPrice: string): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const ref = need(cart);
      const invalid = validatePriceInput(newPrice);
      if (invalid !== null)
        throw new ServiceError('invalid', 'invalid_args', UNIT_PRICE_FAILED, { newPrice: [invalid] });
      await this.commands.run(
        tx,
        'cart.updatePrice',
        { order_ref: ref, line_id: key, new_price: newPrice },
        { refused: withMessage(UNIT_PRICE_FAILED, 'newPrice') },
      );
      return { success: UNIT_PRICE_UPDATED };
    });
  }

  addCustomProduct(c: CartCaller, req: z.output<typeof cartCustomProductRequestSchema>): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const ref = await this.ensureCart(tx, c, cart);
      await this.commands.run(tx, 'cart.addCustomProduct', { order_ref: ref, line_id: randomUUID(), ...req });
      return { cart: ref, success: addedToCart(req.name) };
    });
  }

  /** POST applyLabor: custom labor (a labor type, minutes, quantity), optionally installing a product line. */
  applyLabor(c: CartCaller, req: z.output<typeof cartApplyLaborRequestSchema>): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const type = await laborType(tx.trx, req.laborId);
      const productLine = req.productLaborKey.trim() === '' ? null : req.productLaborKey.trim();
      if (productLine !== null && !z.uuid().safeParse(productLine).success) throw notFound(LINE_NOT_FOUND);
      const ref = await this.ensureCart(tx, c, cart);
      const name = req.name || type.title;
      await this.commands.run(tx, 'cart.addLabor', {
        order_ref: ref,
        line_id: randomUUID(),
        labor_id: type.labor_id,
        name,
        rate: type.rate,
        minutes: req.laborTime,
        quantity: req.quantity,
        product_line_id: productLine,
      });
      return { cart: ref, success: addedToCart(name) };
    });
  }

  updateLabor(c: CartCaller, req: z.output<typeof cartUpdateLaborRequestSchema>): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const ref = need(cart);
      const price = req.price === undefined ? undefined : req.price === null || req.price === '' ? null : req.price;
      const invalid = typeof price === 'string' ? validatePriceInput(price) : null;
      if (invalid !== null)
        throw new ServiceError('invalid', 'invalid_args', LABOR_UPDATE_FAILED, { price: [invalid] });
      await this.commands.run(
        tx,
        'cart.updateLabor',
        { order_ref: ref, line_id: req.key, minutes: req.laborTime, quantity: req.quantity, price_override: price },
        { refused: withMessage(LABOR_UPDATE_FAILED, 'key') },
      );
      return { success: LABOR_UPDATED };
    });
  }

  /**
   * GET /pos/order/continue: loads an editable order into the session's cart. An unsaved draft
   * with lines already in the cart is not thrown away: the call is refused until it is saved or
   * abandoned; an empty draft is discarded and a saved order is put aside.
   */
  continueOrder(c: CartCaller, order: number | string): Promise<StaffCartReply> {
    return this.call(c, async (tx, cart) => {
      const ref = await orderUuid(tx.trx, order);
      const found = await loadOrder(tx.trx, ref, false);
      if (!found) throw notFound();
      const locked = assertEditable(found.order);
      if (locked) throw new CommandRefused(locked);
      if (cart !== null && cart !== ref) {
        const current = await loadOrder(tx.trx, cart, false);
        const busy = replaceCartRefusal(current?.order ?? null);
        if (busy !== null) throw new ServiceError('conflict', 'cart_not_empty', busy);
        await this.putAside(tx, c, cart);
      }
      if ((await attachCart(tx.trx, c.session, ref)) === 'taken')
        throw new ServiceError('conflict', 'cart_taken', CART_MESSAGES.taken);
      return { cart: ref, redirect: '/pos/checkout' };
    });
  }
}
