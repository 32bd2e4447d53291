/**
 * Order numbers (docs/decisions/pos.md "Order numbers"): an order takes its number once, when it is
 * first stored; edits never draw one, and a push refused after the order was written gives its
 * number back with the rolled-back transaction. Before migration 0020 each edit drew a number
 * (#1, #13, #17 … on a shop's Orders list).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { defaultAppliers } from '../../../server/commands/appliers/registry';
import type { Applier } from '../../../server/commands/appliers/types';
import { saveOrder } from '../../../server/commands/records/orders';
import { testEngines } from '../../support/engines';
import { order } from '../../unit/domain/factories';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const at = new Date().toISOString();

/** Stores a new order, then fails: the whole push transaction rolls back. */
const storesThenFails: Applier = {
  access: 'staff',
  async apply(args, ctx) {
    const id = (args as { id: string }).id;
    await saveOrder(
      ctx.trx,
      order({ id, device_ref: null, cashier_id: ctx.actor.id, created_at: ctx.now, updated_at: ctx.now }),
    );
    throw new Error('connection reset by peer');
  },
};

describe.each(testEngines())('order numbers on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const push = (name: string, args: unknown) =>
    cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: next++, name, args, at }],
    });
  const numberOf = async (id: string) =>
    (await server.db.selectFrom('orders').select('order_id').where('id', '=', id).executeTakeFirstOrThrow()).order_id;
  const newOrderWithEdits = async (edits: number) => {
    const id = randomUUID();
    expect((await push('order.create', { id })).status).toBe(200);
    for (let i = 0; i < edits; i++) {
      const r = await push('cart.addCustomProduct', {
        order_ref: id,
        line_id: randomUUID(),
        name: `Part ${i}`,
        price: '10.00',
        quantity: 1,
        tax_class_id: null,
      });
      expect(r.status).toBe(200);
    }
    expect((await push('order.save', { order_ref: id })).status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    server = await startSyncServer(engine, {
      appliers: { ...defaultAppliers, 'test.storesThenFails': storesThenFails },
    });
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('numbers orders one after another however often each is edited', async () => {
    const first = await numberOf(await newOrderWithEdits(5));
    const second = await numberOf(await newOrderWithEdits(3));
    const third = await numberOf(await newOrderWithEdits(0));
    expect([second, third]).toEqual([first + 1, first + 2]);
  });

  it('gives back the number of an order whose push was rolled back', async () => {
    const before = await numberOf(await newOrderWithEdits(1));
    const lost = randomUUID();
    expect((await push('test.storesThenFails', { id: lost })).status).toBe(503);
    next--; // not recorded: the device's next change goes under the same id
    expect(await server.db.selectFrom('orders').select('id').where('id', '=', lost).executeTakeFirst()).toBeUndefined();
    expect(await numberOf(await newOrderWithEdits(1))).toBe(before + 1);
  });
});
