/**
 * receipt.send (docs/decisions/notifications.md "Receipts sent offline"): a receipt emailed or
 * texted from a device's outbox is queued on the server in the push's transaction, once per
 * mutation however often the push is replayed; a text without the customer's consent and without
 * the override is refused with the spec's message (consent is the server's: a device saying
 * texting_alerts does not count), and nothing is queued.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { TEXT_CONSENT_MESSAGE } from '../../../src/domain/forms/notification';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('receipt.send on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const push = (mutations: { id: number; name: string; args: unknown }[]) =>
    cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: mutations.map((m) => ({ ...m, at })),
    });
  const one = (name: string, args: unknown) => ({ id: next++, name, args });
  const messagesFor = (orderRef: string) =>
    server.db
      .selectFrom('notifications')
      .select(['kind', 'channel', 'recipient', 'status', 'source_ref'])
      .where('order_ref', '=', orderRef)
      .execute();

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function paidOrder(): Promise<string> {
    const order = randomUUID();
    const r = await push([
      one('order.create', { id: order }),
      one('cart.addCustomProduct', {
        order_ref: order,
        line_id: randomUUID(),
        name: 'Wipers',
        price: '12.00',
        quantity: 1,
        tax_class_id: null,
      }),
      one('transaction.add', { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '12.00' }),
      one('order.complete', { order_ref: order }),
    ]);
    expect(r.body.results.map((x: { status: string }) => x.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    return order;
  }

  it('queues the receipt once, named by the mutation, even when the push is replayed', async () => {
    const order = await paidOrder();
    const send = one('receipt.send', {
      order_ref: order,
      id: randomUUID(),
      notify_by_email: true,
      email: 'ann@example.net',
    });
    expect((await push([send])).body.results[0].status).toBe('applied');
    expect((await push([send])).body.results[0].status).toBe('skipped'); // a replay: already applied
    const rows = await messagesFor(order);
    expect(rows.map((r) => [r.kind, r.channel, r.recipient, r.source_ref])).toEqual([
      ['receipt', 'email', 'ann@example.net', (send.args as { id: string }).id],
    ]);
  });

  it("refuses a text without consent (the server's, not the device's claim), and queues nothing", async () => {
    const order = await paidOrder();
    const r = await push([
      one('receipt.send', {
        order_ref: order,
        id: randomUUID(),
        notify_by_text: true,
        phone: '(512) 555-0100',
        texting_alerts: true,
      }),
    ]);
    expect(r.body.results[0]).toMatchObject({ status: 'rejected', message: TEXT_CONSENT_MESSAGE });
    expect(await messagesFor(order)).toEqual([]);
  });
});
