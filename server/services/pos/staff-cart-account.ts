/**
 * The staff cart's customer-account and payment calls (pos-back-office.md §7 "Staff cart":
 * "GET logoutCustomer (returns redirect)", "POST processPost (registration; returns success,
 * errors, customer_id)", "POST setPaymentData (itemId)"). Staff only (the routes say so); every
 * change runs through the shared command runner and StaffCartService, so the cart's rules hold.
 * docs/decisions/pos.md "Customer vehicles and credits" (staff cart calls).
 */
import { randomUUID } from 'node:crypto';
import type { StaffCartReply } from '../../../src/contracts/staff-cart';
import { customerFormSchema } from '../../../src/domain/forms/customer';
import type { CustomFieldDef } from '../../../src/domain/forms/custom-fields';
import { money, ZERO } from '../../../src/domain/money';
import { CUSTOMER_NOT_FOUND, totalsInputOf } from '../../../src/domain/mutations/guards';
import { NO_BALANCE_DUE, typeDisabledMessage } from '../../../src/domain/mutations/transactions';
import { paymentAvailability, paymentTypeLabels, storeCreditShortMessage } from '../../../src/domain/payments';
import { paymentTypes, type PaymentType } from '../../../src/domain/settings';
import { computeTotals } from '../../../src/domain/totals';
import { ServiceError } from '../../errors';
import type { CommandRunner } from '../../commands/runner';
import { loadCustomer } from '../../commands/records/customers';
import { loadOrder } from '../../commands/records/orders';
import { nestForm } from '../customers/customer-form-args';
import { findCart } from './pos-cart-store';
import type { CartCaller, StaffCartService } from './staff-cart-service';

export const CUSTOMER_REGISTERED = 'Success: the customer account was created and assigned to the cart.';
export const NO_CART_ORDER = 'There is no order in the cart to pay.';
export const UNKNOWN_PAYMENT_ITEM = 'Choose a payment type.';

/** A custom field's message as a toast shows it, alone: with the field's name ("Fleet number: Required"). */
function toastOf(path: readonly PropertyKey[], message: string, defs: readonly CustomFieldDef[] | undefined): string {
  const key = path[0] === 'account_custom_field' ? path[1] : path[0] === 'addresses' ? path[3] : undefined;
  if (key === undefined || (path[0] === 'addresses' && path[2] !== 'custom_field')) return message;
  const def = defs?.find((d) => String(d.custom_field_id) === String(key));
  return def?.name ? `${def.name}: ${message}` : message;
}

export type RegisterReply =
  | (StaffCartReply & { errors: string[]; customer_id: number })
  | { ok: false; errors: string[]; fields: Record<string, string[]> };

export interface PaymentDataReply {
  success: string;
  /** The payment type the checkout opens with. */
  payment_type: PaymentType;
  label: string;
}

export class StaffCartAccountService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly cart: StaffCartService,
  ) {}

  /** The customer leaves the cart (the order stays); the client goes back to the cart page. */
  async logoutCustomer(c: CartCaller): Promise<StaffCartReply> {
    const reply = await this.cart.removeCustomer(c);
    return { ...reply, redirect: '/pos/cart' };
  }

  /**
   * Registration from the cart: the customer form's rules (§5, the store's require_* flags and its
   * custom fields, as customer.create checks them), then customer.create and the new customer
   * assigned to the cart. The body nests as POST /api/customer/save's does (`account_custom_field[3]`,
   * `addresses[0][custom_field][5]`, or JSON objects). Invalid input changes nothing and answers
   * every message (`errors`, one toast each, §8; a custom field's names the field) and `fields`
   * keyed by the issue's path (`firstname`, `account_custom_field.3`, `addresses.0.city`).
   */
  async processPost(c: CartCaller, body: Record<string, unknown>): Promise<RegisterReply> {
    const s = await this.commands.transaction(c.actor, (tx) => tx.settings());
    const form = customerFormSchema({
      requireEmail: s.requireEmail,
      requireTelephone: s.requireTelephone,
      requireAddress: s.requireAddress,
      hasCustomerId: true,
      customFields: s.customFields,
    }).safeParse({
      // Left out is empty (then "Required" where the shop asks for it), never zod's type message.
      email: '',
      telephone: '',
      ...nestForm(body),
      safe: false,
      tax_exempt: false,
      customer_group_id: null,
    });
    if (!form.success) {
      const fields: Record<string, string[]> = {};
      for (const i of form.error.issues) (fields[i.path.map(String).join('.') || 'form'] ??= []).push(i.message);
      return { ok: false, errors: form.error.issues.map((i) => toastOf(i.path, i.message, s.customFields)), fields };
    }
    const id = randomUUID();
    const v = form.data;
    await this.commands.transaction(c.actor, (tx) =>
      this.commands.run(tx, 'customer.create', {
        id,
        firstname: v.firstname,
        lastname: v.lastname,
        email: v.email ?? '',
        telephone: v.telephone ?? '',
        texting_alerts: v.texting_alerts,
        newsletter: v.newsletter,
        password: v.password,
        addresses: v.addresses,
        account_custom_field: v.account_custom_field,
      }),
    );
    const reply = await this.cart.setCustomer(c, id);
    const row = await this.commands.reader
      .selectFrom('customers')
      .select('customer_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...reply, success: CUSTOMER_REGISTERED, errors: [], customer_id: row.customer_id };
  }

  /**
   * setPaymentData (itemId): confirms the payment type the cart's order is to be paid with. The
   * item is a payment type the store has enabled and the order can take now (a balance due; store
   * credit only with credit), the same rule as checkout's buttons (src/domain/payments.ts);
   * otherwise a 4xx whose message the client toasts (§8 "Payment data error: toast, returns false").
   */
  async setPaymentData(c: CartCaller, itemId: string): Promise<PaymentDataReply> {
    const type = paymentTypes.find((t) => t === itemId);
    if (!type)
      throw new ServiceError('invalid', 'invalid_input', UNKNOWN_PAYMENT_ITEM, { itemId: [UNKNOWN_PAYMENT_ITEM] });
    return this.commands.transaction(c.actor, async (tx) => {
      const ref = await findCart(tx.trx, c.session);
      const found = ref ? await loadOrder(tx.trx, ref, false) : undefined;
      if (!found) throw new ServiceError('not_found', 'cart_empty', NO_CART_ORDER);
      const settings = await tx.settings();
      const { balanceDue } = computeTotals(totalsInputOf(found.order, found.transactions), settings);
      const customer = found.order.customer_ref
        ? await loadCustomer(tx.trx, found.order.customer_ref, false)
        : undefined;
      const credit = customer ? money(customer.store_credit) : ZERO;
      const item = paymentAvailability(settings, balanceDue, credit).types.find((t) => t.type === type);
      if (!item)
        throw new ServiceError('refused', 'payment_type_disabled', typeDisabledMessage(paymentTypeLabels[type]));
      if (!item.enabled) {
        if (balanceDue.lte(0)) throw new ServiceError('conflict', 'no_balance_due', NO_BALANCE_DUE);
        // Store credit is enabled; the cart's customer has none (or there is no customer): the reason, as a payment says it.
        if (type === 'store_credit')
          throw customer
            ? new ServiceError('refused', 'amount_above_store_credit', storeCreditShortMessage(credit))
            : new ServiceError('refused', 'customer_required', CUSTOMER_NOT_FOUND);
        throw new ServiceError('refused', 'payment_type_disabled', typeDisabledMessage(paymentTypeLabels[type]));
      }
      return { success: `${item.label} selected.`, payment_type: type, label: item.label };
    });
  }
}
