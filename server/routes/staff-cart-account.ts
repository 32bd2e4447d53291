/**
 * The staff cart's account and payment calls (pos-back-office.md §7 "Staff cart (under
 * /checkout/cart/)": GET logoutCustomer, POST processPost, POST setPaymentData). Staff only
 * (`pos.cart`): the spec lists them as the staff cart's. logoutCustomer is a GET that changes the
 * cart, so it needs the CSRF token and answers a navigation with the app shell (routes/staff-cart.ts
 * `pageOrCallWith`). A registration's invalid input answers 400 with every message in `errors`
 * (§8 "Register: each entry of errors as a toast"); nothing is written.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allow } from '../auth/permissions';
import { unauthorized } from '../http/errors';
import { parse } from '../http/parse';
import { staffActor } from '../commands/actor';
import type { YmmVehicle } from '../services/pos/pos-cart-reply';
import type { StaffCartAccountService } from '../services/pos/staff-cart-account';
import type { CartCaller } from '../services/pos/staff-cart-service';
import { pageOrCallWith } from './staff-cart';

/** Registration fields (the customer form's; unknown keys are ignored). Bounded before any rule runs. */
export const registerRequestSchema = z
  .record(z.string().max(64), z.unknown())
  .refine((o) => Object.keys(o).length <= 64);
export const paymentDataRequestSchema = z.object({ itemId: z.coerce.string().max(64) });

export function staffCartAccountRoutes(
  app: FastifyInstance,
  account: StaffCartAccountService,
  ymm: (req: FastifyRequest) => Promise<YmmVehicle>,
): void {
  const caller = async (req: FastifyRequest): Promise<CartCaller> => {
    const actor = staffActor(req.user);
    if (!req.session) throw unauthorized();
    return { actor, session: { idHash: req.session.idHash, staffUserId: Number(actor.id) }, ymm: await ymm(req) };
  };
  const staff = { config: { access: allow('pos.cart') } };

  app.get('/checkout/cart/logoutCustomer', pageOrCallWith(allow('pos.cart'), true), async (req) =>
    account.logoutCustomer(await caller(req)),
  );
  app.post('/checkout/cart/processPost', staff, async (req, reply) => {
    const r = await account.processPost(await caller(req), parse(registerRequestSchema, req.body ?? {}));
    if ('ok' in r)
      return reply
        .code(400)
        .send({ error: 'invalid_input', message: r.errors[0] ?? '', errors: r.errors, fields: r.fields });
    return r;
  });
  app.post('/checkout/cart/setPaymentData', staff, async (req) =>
    account.setPaymentData(await caller(req), parse(paymentDataRequestSchema, req.body ?? {}).itemId),
  );
}
