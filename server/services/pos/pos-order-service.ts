/**
 * POS order calls (pos-back-office.md §7 "Orders and customers"): detail, void, history, PO
 * numbers, customer assignment and search. Every change runs a domain mutation through
 * the command runner, server/commands/runner.ts (one SQL transaction under the version horizon); the reply is read in the same
 * transaction, so it shows exactly what was committed.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CONTACT_UPDATED,
  CUSTOMER_SEARCH_LIMIT,
  HISTORY_ADDED_MESSAGE,
  type updateContactRequestSchema,
  type UpdateContactReply,
  ORDER_VOIDED_MESSAGE,
  type CustomerSearchReply,
  type HistoriesReply,
  type historyFormRequestSchema,
  type OrderInfo,
  type VoidReply,
} from '../../../src/contracts/pos-order';
import { CART_MESSAGES, customerAssigned } from '../../../src/contracts/staff-cart';
import { PO_NUMBER_ADDED } from '../../../src/domain/forms/po-number';
import { SELECT_STATUS_MESSAGE } from '../../../src/domain/forms/order-history';
import { NOTIFICATION_SEND_FAILED } from '../../../src/domain/forms/notification';
import { ServiceError } from '../../errors';
import type { DB } from '../../db/schema';
import { loadCustomer } from '../../commands/records/customers';
import { findCart, type CartSession } from './pos-cart-store';
import { CommandRefused } from '../../commands/refusals';
import type { CommandRunner, CommandTx } from '../../commands/runner';
import { customerUuid, orderUuid, searchCustomers } from './pos-lookups';
import { customerFields } from '../customers/customer-form-args';
import { notifyArgs } from '../notifications/notify-args';
import { loadOrderInfo, orderStatuses } from './pos-order-info';
import type { Actor } from '../../commands/actor';

type OrderRef = number | string;
/** One PO number entry: the line it goes on (its uuid), or every product line. */
export interface PoEntry {
  line: string | null;
  po_number: string;
  apply_to_all: boolean;
}

/** Delivers the messages a record queued, right after its commit (the retrying sender). */
export interface SourceDelivery {
  deliverSource(sourceRef: string): Promise<readonly { result: 'sent' | 'retry' | 'failed' }[]>;
}

export class PosOrderService {
  /** Set by the composition once the sender exists (app.ts); without it queued messages wait for the sender's poll. */
  notifier: SourceDelivery | null = null;

  constructor(private readonly commands: CommandRunner) {}

  private async infoOn(db: Kysely<DB>, ref: string): Promise<OrderInfo> {
    return loadOrderInfo(db, ref, await this.commands.settings(db));
  }

  private async info(tx: CommandTx, ref: string): Promise<OrderInfo> {
    return loadOrderInfo(tx.trx, ref, await tx.settings());
  }

  /** GET /api/order/info (a read: no transaction, no lock). */
  async orderInfo(order: OrderRef): Promise<OrderInfo> {
    const db = this.commands.reader;
    return this.infoOn(db, await orderUuid(db, order));
  }

  /** Voids the order and its incomplete transactions; a refusal (already voided) is reported in `errors`. */
  async void(
    actor: Actor,
    order: OrderRef,
  ): Promise<{ refused?: 'not_found' | 'conflict'; body: VoidReply & { error?: string; message?: string } }> {
    try {
      const body = await this.commands.transaction(actor, async (tx) => {
        const ref = await orderUuid(tx.trx, order);
        await this.commands.run(tx, 'order.void', { order_ref: ref });
        return { errors: [], success: ORDER_VOIDED_MESSAGE, order: await this.info(tx, ref) };
      });
      return { body };
    } catch (err) {
      if (!(err instanceof ServiceError) || (err.kind !== 'not_found' && err.kind !== 'conflict')) throw err;
      const current = err instanceof CommandRefused ? await this.currentInfo(order) : null;
      return {
        refused: err.kind,
        body: { error: err.code, message: err.message, errors: [err.message], success: '', order: current },
      };
    }
  }

  private currentInfo(order: OrderRef): Promise<OrderInfo | null> {
    return this.orderInfo(order).catch(() => null);
  }

  /**
   * POST /pos/order/history: the entry (and the order's new status). With Notify Customer the
   * applier queues the messages in the same transaction; they are tried right after the commit:
   * a refusal adds `error` "Failed to send to notification" (the entry stays added), a message that
   * could not be handed over yet is retried in the background (`queued`).
   */
  async addHistory(
    actor: Actor,
    order: OrderRef,
    form: z.output<typeof historyFormRequestSchema>,
  ): Promise<{ success: string; error?: string; queued?: boolean }> {
    const id = randomUUID();
    const reply = await this.commands.transaction(actor, async (tx) => {
      const ref = await orderUuid(tx.trx, order);
      const known = await tx.trx
        .selectFrom('order_statuses')
        .select('order_status_id')
        .where('order_status_id', '=', form.orderStatusId)
        .executeTakeFirst();
      if (!known)
        throw new ServiceError('invalid', 'invalid_input', SELECT_STATUS_MESSAGE, {
          orderStatusId: [SELECT_STATUS_MESSAGE],
        });
      await this.commands.run(tx, 'orderHistory.add', {
        order_ref: ref,
        id,
        order_status_id: form.orderStatusId,
        comment: form.comment,
        ...notifyArgs(form),
      });
      return { success: HISTORY_ADDED_MESSAGE };
    });
    if (!form.notifyCustomer || !this.notifier) return reply;
    const outcomes = await this.notifier.deliverSource(id);
    if (outcomes.some((o) => o.result === 'failed')) return { ...reply, error: NOTIFICATION_SEND_FAILED };
    return outcomes.some((o) => o.result === 'retry') ? { ...reply, queued: true } : reply;
  }

  async histories(order: OrderRef): Promise<HistoriesReply> {
    const db = this.commands.reader;
    const info = await this.orderInfo(order);
    const statuses = await orderStatuses(db);
    const customer = info.customer_ref ? await loadCustomer(db, info.customer_ref, false) : undefined;
    return {
      histories: info.history,
      orderStatuses: statuses,
      orderStatusId: info.order_status_id,
      recentHistoryNote: info.history.at(-1)?.comment ?? '',
      email: info.email,
      phone: info.telephone,
      textingAlerts: customer?.texting_alerts ?? false,
    };
  }

  /** PO numbers on the lines of an order (`order` given) or of the session's cart. */
  applyPoNumbers(
    actor: Actor,
    target: { order: OrderRef } | { session: CartSession },
    entries: readonly PoEntry[],
  ): Promise<{ success: string }> {
    return this.commands.transaction(actor, async (tx) => {
      const ref = 'order' in target ? await orderUuid(tx.trx, target.order) : await findCart(tx.trx, target.session);
      if (ref === null) throw new ServiceError('not_found', 'cart_empty', CART_MESSAGES.empty);
      const all = entries.find((e) => e.apply_to_all);
      if (all)
        await this.commands.run(tx, 'poNumber.apply', { order_ref: ref, po_number: all.po_number, apply_to_all: true });
      else {
        const byNumber = new Map<string, string[]>();
        for (const e of entries) if (e.line) byNumber.set(e.po_number, [...(byNumber.get(e.po_number) ?? []), e.line]);
        for (const [po, lines] of byNumber)
          await this.commands.run(tx, 'poNumber.apply', { order_ref: ref, po_number: po, line_ids: lines });
      }
      return { success: PO_NUMBER_ADDED };
    });
  }

  /** Assigns a customer to an order, or to the session's cart order when no order is named. */
  setCustomer(
    actor: Actor,
    target: { order: OrderRef } | { session: CartSession },
    customer: OrderRef,
  ): Promise<{ success: string; order: OrderInfo }> {
    return this.commands.transaction(actor, async (tx) => {
      const ref = 'order' in target ? await orderUuid(tx.trx, target.order) : await findCart(tx.trx, target.session);
      if (ref === null) throw new ServiceError('not_found', 'cart_empty', CART_MESSAGES.empty);
      const id = await customerUuid(tx.trx, customer);
      await this.commands.run(tx, 'order.setCustomer', { order_ref: ref, customer_ref: id });
      const info = await this.info(tx, ref);
      return { success: customerAssigned(info.customer), order: info };
    });
  }

  /**
   * POST updateContactInfo?customerId=: email, telephone and texting consent saved on the customer
   * through the domain's customer.update (the customer form's rules and the store's require_*
   * flags apply), every other field kept as stored.
   */
  updateContactInfo(
    actor: Actor,
    customer: OrderRef,
    body: z.output<typeof updateContactRequestSchema>,
  ): Promise<UpdateContactReply> {
    return this.commands.transaction(actor, async (tx) => {
      const ref = await customerUuid(tx.trx, customer);
      const c = await loadCustomer(tx.trx, ref, true);
      if (!c) throw new ServiceError('not_found', 'not_found', 'Customer not found');
      const phone = body.phone ?? body.telephone;
      await this.commands.run(tx, 'customer.update', {
        customer_ref: ref,
        ...customerFields(c),
        email: body.email ?? c.email,
        telephone: phone ?? c.telephone,
        texting_alerts: body.textingAlerts ?? c.texting_alerts,
        addresses: c.addresses,
        password: '',
      });
      const after = await loadCustomer(tx.trx, ref, false);
      return {
        success: CONTACT_UPDATED,
        customer: {
          email: after?.email ?? '',
          telephone: after?.telephone ?? '',
          texting_alerts: after?.texting_alerts ?? false,
        },
      };
    });
  }

  search(s: string): Promise<CustomerSearchReply> {
    return searchCustomers(this.commands.reader, s, CUSTOMER_SEARCH_LIMIT);
  }
}
