/**
 * POS order calls (pos-back-office.md §7 "Orders and customers"), staff only. Thin: parse with
 * src/contracts/pos-order.ts, resolve the caller, call the service.
 *
 * Some of these paths are also client pages (/pos/order/continue, /pos/customer/search) or sit
 * among them (/pos/order/void, /pos/order/histories): a browser navigation to any GET here gets the
 * app shell (the not-found handler serves it, before the staff check, since the shell signs in);
 * only a call (fetch, Sec-Fetch-Mode not navigate) runs the route (server/http/navigation.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cartPoNumberRequestSchema,
  checkoutSetCustomerRequestSchema,
  continueQuerySchema,
  customerSearchQuerySchema,
  historyFormRequestSchema,
  orderIdQuerySchema,
  orderPoNumberRequestSchema,
  orderSetCustomerRequestSchema,
  updateContactQuerySchema,
  updateContactRequestSchema,
  type UpdateContactReply,
  type CustomerSearchReply,
  type HistoriesReply,
  type OrderInfo,
  type VoidReply,
} from '../../src/contracts/pos-order';
import type { StaffCartReply } from '../../src/contracts/staff-cart';
import { allow } from '../auth/permissions';
import { STATUS_OF_KIND, unauthorized } from '../http/errors';
import { parse } from '../http/parse';
import type { CartSession } from '../services/pos/pos-cart-store';
import { staffActor } from '../commands/actor';
import type { PosOrderService } from '../services/pos/pos-order-service';
import { pageOrCallWith, type StaffCartRouteDeps } from './staff-cart';

const read = { config: { access: allow('order.read') } };
const edit = { config: { access: allow('order.edit') } };

function sessionOf(req: FastifyRequest): CartSession {
  const actor = staffActor(req.user);
  if (!req.session) throw unauthorized();
  return { idHash: req.session.idHash, staffUserId: Number(actor.id) };
}

export function posOrderRoutes(
  app: FastifyInstance,
  orders: PosOrderService,
  cartDeps: StaffCartRouteDeps,
  /** The accounts seen at an IP address (services/customers/customer-ip-service.ts), for `filter_ip`. */
  customersAt?: (ip: string) => Promise<CustomerSearchReply>,
): void {
  const idOf = (req: FastifyRequest) => parse(orderIdQuerySchema, req.query).order_id;
  const body = (req: FastifyRequest): unknown => req.body ?? {};

  // The detail call's path is not shown in the spec; ours (docs/decisions/pos.md "Staff cart and
  // POS order calls").
  app.get('/api/order/info', read, (req): Promise<OrderInfo> => orders.orderInfo(idOf(req)));

  app.get('/pos/order/void', pageOrCallWith(allow('order.void'), true), async (req, reply): Promise<VoidReply> => {
    const r = await orders.void(staffActor(req.user), idOf(req));
    void reply.code(r.refused ? STATUS_OF_KIND[r.refused] : 200);
    return r.body;
  });

  app.post('/pos/order/history', edit, (req): Promise<{ success: string; error?: string; queued?: boolean }> =>
    orders.addHistory(staffActor(req.user), idOf(req), parse(historyFormRequestSchema, body(req))),
  );
  app.get('/pos/order/histories', pageOrCallWith(allow('order.read')), (req): Promise<HistoriesReply> =>
    orders.histories(idOf(req)),
  );
  // The spec lists "POST histories (order_id)": the same read, order_id in the query or the body.
  app.post('/pos/order/histories', read, (req): Promise<HistoriesReply> =>
    orders.histories(parse(orderIdQuerySchema, { ...(req.query as object), ...(body(req) as object) }).order_id),
  );

  app.post('/api/cart/applyPoNumber', edit, (req): Promise<{ success: string }> => {
    const b = parse(cartPoNumberRequestSchema, body(req));
    const entries = b.products.map((p) => ({ line: p.cart_key, po_number: p.po_number, apply_to_all: p.apply_to_all }));
    return orders.applyPoNumbers(staffActor(req.user), { session: sessionOf(req) }, entries);
  });
  app.post('/pos/order/applyPoNumber', edit, (req): Promise<{ success: string }> => {
    const b = parse(orderPoNumberRequestSchema, body(req));
    const entries = b.products.map((p) => ({
      line: p.order_product_id ?? p.cart_key ?? null,
      po_number: p.po_number,
      apply_to_all: p.apply_to_all,
    }));
    return orders.applyPoNumbers(staffActor(req.user), { order: idOf(req) }, entries);
  });

  app.post('/pos/checkout/setCustomer', edit, (req) => {
    const b = parse(checkoutSetCustomerRequestSchema, body(req));
    const target = b.orderId === undefined ? { session: sessionOf(req) } : { order: b.orderId };
    return orders.setCustomer(staffActor(req.user), target, b.customerId);
  });
  app.post('/pos/order/setCustomer', edit, (req) => {
    const b = parse(orderSetCustomerRequestSchema, body(req));
    return orders.setCustomer(staffActor(req.user), { order: b.order_id }, b.customer_id);
  });

  // §7 "POST updateContactInfo?customerId=" is relative to the screen that calls it: the receipt
  // (checkout) and the order screens.
  for (const path of ['/pos/checkout/updateContactInfo', '/pos/order/updateContactInfo']) {
    app.post(path, { config: { access: allow('customer.edit') } }, (req): Promise<UpdateContactReply> =>
      orders.updateContactInfo(
        staffActor(req.user),
        parse(updateContactQuerySchema, req.query).customerId,
        parse(updateContactRequestSchema, body(req)),
      ),
    );
  }

  app.get('/pos/customer/search', pageOrCallWith(allow('customer.read')), (req): Promise<CustomerSearchReply> => {
    const q = parse(customerSearchQuerySchema, req.query);
    return q.filter_ip !== undefined && customersAt ? customersAt(q.filter_ip) : orders.search(q.s);
  });

  // Continue Order as a call: loads the order into this session's cart (the page itself is the client's).
  app.get('/pos/order/continue', pageOrCallWith(allow('pos.cart'), true), async (req): Promise<StaffCartReply> => {
    const actor = staffActor(req.user);
    const order = parse(continueQuerySchema, req.query).order_id;
    return cartDeps.cart.continueOrder({ actor, session: sessionOf(req), ymm: await cartDeps.ymm(req) }, order);
  });
}
