/**
 * Online orders at the counter (docs/decisions/pos.md "Online orders at the counter"): the pick
 * list, "Ready for pickup" (the shopper is told), the hand-over and "Shipped". Each step is one
 * command-runner transaction (the pull's version horizon, so devices pull the new status) that
 * locks the order, re-checks where it is (nextOnlineStatus) and who may move it, moves
 * order_status_id, writes an order history entry (what the Order History modal lists) and queues
 * the shopper's message with that entry as its source: a step never notifies twice. Mail goes out
 * after the commit.
 *
 * Must stay true: only an order with an online_orders row moves here; a staff member with a store
 * moves only the orders of that store (admins and staff without a store: any).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { OnlineStepReply, PickListReply, ShippingMethodReply } from '../../../src/contracts/online-orders';
import { formatUSD } from '../../../src/domain/money';
import {
  nextOnlineStatus,
  ONLINE_MESSAGES,
  onlineActions,
  SHIPPING_METHOD_TITLE,
  type OnlineAction,
  worksOnOnlineOrder,
} from '../../../src/domain/online-orders';
import type { Actor } from '../../commands/actor';
import { textConsent } from '../../commands/appliers/history';
import type { CommandRunner } from '../../commands/runner';
import type { DB } from '../../db/schema';
import { notFound, ServiceError } from '../../errors';
import { buildInvoice } from '../checkout/checkout-invoice';
import { renderReadyForPickup, renderShipped } from '../notifications/online-order-render';
import { queueNotifications } from '../notifications/notification-queue';
import { addressLines, fulfilmentText, shippingRate } from '../shop/online-fulfilment';

/** The staff member acting, with their store (the session's, i.e. staff_users.location_id). */
export interface CounterStaff {
  actor: Actor;
  locationId: number | null;
}

export interface Delivery {
  deliverSource(sourceRef: string): Promise<unknown>;
}

const UNKNOWN_ORDER = 'Unknown order.';

async function loadOnline(trx: Kysely<DB>, orderId: number, lock: boolean) {
  let q = trx
    .selectFrom('orders as o')
    .leftJoin('online_orders as oo', 'oo.order_ref', 'o.id')
    .leftJoin('locations as l', 'l.location_id', 'oo.location_id')
    .innerJoin('order_statuses as s', 's.order_status_id', 'o.order_status_id')
    .select([
      'o.id',
      'o.order_id',
      'o.status',
      'o.order_status_id',
      's.name as order_status',
      'o.customer_name',
      'o.email',
      'o.telephone',
      'o.date_added',
      'o.total_items',
      sql<string>`o.order_total::text`.as('order_total'),
      'oo.fulfilment',
      'oo.location_id',
      'oo.shipping_address',
      'oo.shipping_line_ref',
      'l.name as store',
    ])
    .where('o.order_id', '=', orderId);
  if (lock) q = q.forUpdate('o');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(UNKNOWN_ORDER);
  if (row.fulfilment === null || row.location_id === null)
    throw new ServiceError('conflict', 'not_online', ONLINE_MESSAGES.notOnline);
  return { ...row, fulfilment: row.fulfilment, location_id: row.location_id, store: row.store ?? '' };
}

/** A staff member with a store acts on that store's online orders; admins and staff without a store on any. */
function requireStore(staff: CounterStaff, order: { location_id: number; store: string }): void {
  if (worksOnOnlineOrder({ role: staff.actor.role, locationId: staff.locationId }, order.location_id)) return;
  throw new ServiceError('forbidden', 'wrong_store', ONLINE_MESSAGES.wrongStore(order.store));
}

export class OnlineOrderService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly delivery: Delivery,
  ) {}

  async pickList(staff: CounterStaff, orderId: number): Promise<PickListReply> {
    const db = this.commands.reader;
    const o = await loadOnline(db, orderId, false);
    const lines = await db
      .selectFrom('order_lines')
      .select(['id', 'kind', 'name', 'quantity', 'data'])
      .where('order_ref', '=', o.id)
      .orderBy('position')
      .execute();
    const picked = lines.filter((l) => l.kind === 'product' || (l.kind === 'custom' && l.id !== o.shipping_line_ref));
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const options = (v: unknown): string[] =>
      Array.isArray(v)
        ? v.map((x: { name?: unknown; value?: unknown }) => `${text(x.name)}: ${text(x.value)}`.trim())
        : [];
    return {
      order_id: o.order_id,
      date_added: new Date(o.date_added).toISOString(),
      order_status_id: o.order_status_id,
      order_status: o.order_status,
      fulfilment: o.fulfilment,
      store: { location_id: o.location_id, name: o.store },
      customer: { name: o.customer_name, email: o.email, telephone: o.telephone },
      shipping_address: o.shipping_address ? await addressLines(db, o.shipping_address) : null,
      lines: picked.map((l) => ({
        name: l.name,
        model: text(l.data.model),
        mpn: text(l.data.mpn),
        options: options(l.data.options),
        quantity: l.quantity,
      })),
      total_items: picked.reduce((n, l) => n + l.quantity, 0),
      total_text: formatUSD(o.order_total),
      // What this caller may do now (the buttons); the step calls check it all again.
      actions:
        o.status === 'complete' &&
        worksOnOnlineOrder({ role: staff.actor.role, locationId: staff.locationId }, o.location_id)
          ? onlineActions(o.fulfilment, o.order_status_id)
          : [],
    };
  }

  async step(staff: CounterStaff, orderId: number, action: OnlineAction): Promise<OnlineStepReply> {
    const done = await this.commands.transaction(staff.actor, async (tx) => {
      const trx = tx.trx;
      const o = await loadOnline(trx, orderId, true);
      requireStore(staff, o);
      const next = o.status === 'complete' ? nextOnlineStatus(o.fulfilment, o.order_status_id, action) : null;
      if (next === null) throw new ServiceError('conflict', 'wrong_step', ONLINE_MESSAGES.notNow(o.order_status));
      await trx
        .updateTable('orders')
        .set({ order_status_id: next, date_modified: tx.now })
        .where('id', '=', o.id)
        .execute();
      const notify = action !== 'complete';
      const email = notify && o.email !== '';
      const text = notify && o.telephone !== '' && (await textConsent(trx, o.id));
      const historyId = randomUUID();
      await trx
        .insertInto('order_history')
        .values({
          id: historyId,
          order_ref: o.id,
          order_status_id: next,
          comment: action === 'complete' ? 'Handed over to the customer.' : '',
          notify_customer: email || text,
          notify_by_email: email,
          notify_by_text: text,
          email: email ? o.email : '',
          phone: text ? o.telephone : '',
          actor_id: staff.actor.id,
          date_added: tx.now,
        })
        .execute();
      await trx
        .updateTable('online_orders')
        .set(
          action === 'ready'
            ? { ready_at: tx.now, ready_by: staff.actor.id }
            : { completed_at: tx.now, completed_by: staff.actor.id },
        )
        .where('order_ref', '=', o.id)
        .execute();
      const notified: ('email' | 'sms')[] = [];
      if (email || text) {
        const inv = await buildInvoice(trx, o.id, await tx.settings());
        const how = await fulfilmentText(trx, o.fulfilment, o.location_id, o.shipping_address);
        const queued = await queueNotifications(trx, {
          form: { notifyByEmail: email, email: o.email, notifyByText: text, phone: o.telephone },
          msg: action === 'ready' ? renderReadyForPickup(inv, how) : renderShipped(inv, how),
          kind: 'order_history',
          orderRef: o.id,
          actorId: staff.actor.id,
          sourceRef: historyId,
        });
        notified.push(...queued.map((q) => q.channel));
      }
      const status = await trx
        .selectFrom('order_statuses')
        .select('name')
        .where('order_status_id', '=', next)
        .executeTakeFirstOrThrow();
      return { historyId, next, status: status.name, notified };
    });
    // After the commit: hand the messages to the adapters now (the outbox retries what fails).
    if (done.notified.length > 0) await this.delivery.deliverSource(done.historyId).catch(() => undefined);
    const success =
      action === 'complete'
        ? ONLINE_MESSAGES.complete
        : action === 'ship'
          ? ONLINE_MESSAGES.shipped
          : done.notified.length > 0
            ? ONLINE_MESSAGES.ready
            : ONLINE_MESSAGES.readyNoContact;
    return { success, order_status_id: done.next, order_status: done.status, notified: done.notified };
  }

  /** GET index.php?route=checkout/shipping_method: the flat rate the checkout shows (the charge is re-derived at createOrder). */
  async shippingMethod(): Promise<ShippingMethodReply> {
    const rate = await shippingRate(this.commands.reader);
    return {
      shipping:
        rate === null
          ? null
          : { code: 'flat', title: SHIPPING_METHOD_TITLE, cost: rate.toFixed(2), text: formatUSD(rate) },
    };
  }

  /** The confirmation a checkout queued, handed to the adapters now (after its commit). */
  async deliverConfirmation(orderId: number): Promise<void> {
    const row = await this.commands.reader
      .selectFrom('orders')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (row) await this.delivery.deliverSource(row.id).catch(() => undefined);
  }
}
