/**
 * The store on receipts (issue 19; docs/decisions/pos.md "Receipt and invoice"): the server stamps
 * the cashier's store on order.create whatever the device sent (docs/decisions/domain.md "Tax rates
 * by location"), and the invoice call (and the emailed receipt built from it) names that store: its
 * address and its phone; an order without a store prints the default one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

const FOOTER = 'Thank you for your business! Parts returns within 30 days with this receipt.';

describe.each(testEngines())('the store on receipts on %s', (engine) => {
  let server: CheckoutServer;
  let denver: TestClient;
  let admin: TestClient;
  let ids: Record<string, number>;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    denver = await signedIn(server.url, 'cashier2');
    admin = await signedIn(server.url, 'admin');
    const rows = await server.db.selectFrom('locations').select(['location_id', 'city']).execute();
    ids = Object.fromEntries(rows.map((r) => [r.city, r.location_id]));
  });
  afterAll(async () => {
    await server?.close();
  });

  const stored = async (id: string) =>
    (await server.db.selectFrom('orders').select('location_id').where('id', '=', id).executeTakeFirstOrThrow())
      .location_id;
  const invoiceStore = async (client: TestClient, id: string) =>
    (await client.get(`/pos/order/invoice?order_id=${id}`, { 'x-requested-with': 'XMLHttpRequest' })).body.store;

  it("a cashier's sale is sold at their store, whatever store the device named", async () => {
    const device = new Device(denver);
    const o = await device.order(['5.00']);
    expect(await stored(o.id)).toBe(ids.Denver);
    const id = randomUUID();
    await device.apply('order.create', { id, location_id: ids.Phoenix });
    expect(await stored(id)).toBe(ids.Denver);
    expect(await invoiceStore(denver, o.id)).toEqual({
      name: 'Partsdesk Auto Parts',
      address: ['2875 W Alameda Ave', 'Denver, CO 80219'],
      telephone: '(303) 555-0177',
      email: 'denver@partsdesk.example',
      website: 'https://partsdesk.example',
    });
  });

  it('a voided order that was paid: the invoice and the emailed receipt say what is owed back, with the footer', async () => {
    const device = new Device(denver);
    const o = await device.order(['5.00']);
    const paid = await denver.post('/pos/checkout/addTransaction', {
      orderId: o.id,
      transaction: { id: randomUUID(), transaction_type: 'cash', amount: '5' },
    });
    expect(paid.status).toBe(200);
    await device.apply('order.void', { order_ref: o.id });
    const r = await denver.get(`/pos/order/invoice?order_id=${o.id}`, { 'x-requested-with': 'XMLHttpRequest' });
    expect(r.body).toMatchObject({
      amountPaid: '5.00',
      balanceLabel: 'Refund Due',
      balanceDue: '5.00',
      statusText: 'Refund due $5.00',
      footer: FOOTER,
    });
    const sent = await denver.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByEmail: true,
      email: 'pat@example.com',
    });
    expect(sent.status).toBe(200);
    const mail = (await admin.get('/api/notifications?limit=100')).body.notifications.find(
      (n: { order_ref: string; channel: string }) => n.order_ref === o.id && n.channel === 'email',
    );
    expect(mail.body).toContain('Refund due $5.00');
    expect(mail.body).toContain(FOOTER);
    expect(mail.body).not.toContain('Paid In Full');
  });

  it('staff without a store: none, whatever the device named, and the receipt prints the default store', async () => {
    await server.db.updateTable('staff_users').set({ location_id: null }).where('username', '=', 'admin').execute();
    const device = new Device(admin);
    const id = randomUUID();
    await device.apply('order.create', { id, location_id: ids.Phoenix });
    expect(await stored(id)).toBeNull();
    expect((await invoiceStore(admin, id)).address).toEqual(['4512 S Congress Ave', 'Austin, TX 78745']);
  });
});
