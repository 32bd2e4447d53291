/**
 * A device's queue never sticks. Args are checked with the mutation's schema
 * (bounded text, int4 integers, numeric(12,2) money, uuids) before any SQL; a name such as
 * `__proto__` is refused, not a crash; a mutation that still meets a database data error is
 * refused as a conflict with a message, never a 503 the device would retry forever.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { DATA_ERROR_MESSAGE } from '../../../server/sync/door';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const at = () => new Date().toISOString();

describe.each(testEngines())('the push door checks args before SQL on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const push = (name: string, args: unknown) =>
    cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: next++, name, args, at: at() }],
    });
  const order = randomUUID();

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    expect((await push('order.create', { id: order })).body.results[0].status).toBe('applied');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function refused(name: string, args: unknown): Promise<{ code: string; message: string }> {
    const r = await push(name, args);
    expect(r.status, `${name} ${JSON.stringify(args).slice(0, 80)}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
    const result = r.body.results[0];
    expect(result.status).toBe('rejected');
    expect(typeof result.message).toBe('string');
    expect(result.message.length).toBeGreaterThan(0);
    return result;
  }

  it('refuses malformed args that used to stick the queue (503 forever): non-uuid refs, huge text, overflowing numbers, NUL and lone surrogates', async () => {
    const line = {
      order_ref: order,
      line_id: randomUUID(),
      name: 'Part',
      price: '1.00',
      quantity: 1,
      tax_class_id: null,
    };
    const cases: [string, unknown][] = [
      ['cart.addCustomProduct', { ...line, order_ref: 'not-a-uuid' }],
      ['order.create', { id: randomUUID(), device_ref: 'x'.repeat(3_900_000) }],
      ['cart.addCustomProduct', { ...line, price: '99999999999.99' }],
      ['cart.addCustomProduct', { ...line, quantity: 99_999_999_999 }],
      ['cart.addCustomProduct', { ...line, name: 'NUL\u0000byte' }],
      ['cart.addCustomProduct', { ...line, name: 'lone \ud800 surrogate' }],
      [
        'transaction.add',
        { order_ref: order, id: randomUUID(), transaction_type: 'check', amount: '1.00', check_number: 2_147_483_648 },
      ],
      ['cart.addProduct', { ...line, product_id: 99_999_999_999 }],
      ['orderHistory.add', { order_ref: order, id: randomUUID(), order_status_id: 99_999_999_999 }],
    ];
    for (const [name, args] of cases) {
      const r = await refused(name, args);
      expect(r.code).toBe('invalid_args');
    }
  });

  it('refuses `__proto__` and other names that can never be a mutation, and the queue moves on', async () => {
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty', 'toString']) {
      const r = await refused(name, {});
      expect(r.code).toBe('unknown_mutation');
    }
    expect((await push('order.save', { order_ref: order })).body.results[0].status).toBe('applied');
  });

  it('turns a database data error that gets past the schema into a conflict, not a 503', async () => {
    // Each line fits; their sum does not fit numeric(12,2).
    for (let i = 0; i < 2; i++) {
      const r = await push('cart.addCustomProduct', {
        order_ref: order,
        line_id: randomUUID(),
        name: `Big ${i}`,
        price: '9999999999.00',
        quantity: 10,
        tax_class_id: null,
      });
      expect(r.status).toBe(200);
      if (r.body.results[0].status === 'rejected') {
        expect(r.body.results[0]).toMatchObject({ code: 'conflict', message: DATA_ERROR_MESSAGE });
        return;
      }
    }
    throw new Error('expected the overflowing total to be refused');
  });
});
