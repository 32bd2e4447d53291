/**
 * The smart terminal flow end to end with the built-in simulator at zero latency: the attempt is
 * recorded before the terminal is asked, approval adds exactly one card transaction (even when
 * the approval arrives twice), declines carry the terminal's message, a silent terminal is asked
 * for the status after the timeout and never charged twice, cancel works from the POS, and the
 * POS's event stream delivers choosing -> one final event -> end.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import {
  Device,
  eventually,
  readSse,
  signedIn,
  startCheckoutServer,
  type CheckoutServer,
} from './support/checkout-server';

describe.each(testEngines())('smart terminal on %s', (engine) => {
  let server: CheckoutServer;
  let cashier: TestClient;
  let device: Device;

  beforeAll(async () => {
    server = await startCheckoutServer(engine, { terminalTimeoutMs: 1000 });
    cashier = await signedIn(server.url, 'cashier');
    device = new Device(cashier);
  });
  afterAll(async () => {
    await server?.close();
  });

  const xhr = { 'x-requested-with': 'XMLHttpRequest' };
  const start = (orderId: string, amount: string, extra: Record<string, unknown> = {}) =>
    cashier.post('/pos/checkout/cardPayment', {
      orderId,
      attemptId: randomUUID(),
      amount,
      department: 'retail',
      device: 'sim-counter-1',
      cardType: 'debit',
      ...extra,
    });
  const attempt = (id: string) =>
    server.db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const finished = (id: string) =>
    eventually(async () => ((await attempt(id)).status !== 'pending' ? attempt(id) : null));
  const cardTransactions = async (orderId: string) =>
    server.db
      .selectFrom('transactions')
      .selectAll()
      .where('order_ref', '=', orderId)
      .where('transaction_type', '=', 'card')
      .execute();

  it('lists departments and devices; refuses a start with the spec messages', async () => {
    const t = await cashier.get('/pos/checkout/getTerminals');
    expect(t.body.devices.map((d: any) => d.id)).toContain('sim-counter-1');
    const o = await device.order(['10.00']);
    const cases: [Record<string, unknown>, string][] = [
      [{ department: '' }, 'Select a department that will process the batch'],
      [{ department: 'nowhere' }, 'Select a department that will process the batch'],
      [{ device: '' }, 'Select a device that will display the amount'],
      [{ device: 'sim-bay-1' }, 'Select a device that will display the amount'],
      [{ cardType: 'gold' }, 'Select a card type'],
      [{ amount: '0' }, 'Amount must be more than $0.00'],
      [{ amount: '10.01' }, 'Max amount allowed: $10.00'],
    ];
    for (const [extra, message] of cases) {
      const r = await start(o.id, '5.00', extra);
      expect(r.status, message).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.message).toBe(message);
    }
    expect(await server.db.selectFrom('payment_attempts').select('id').where('order_ref', '=', o.id).execute()).toEqual(
      [],
    );
  });

  it('approve: the attempt is recorded first, the stream says choosing then approved, one transaction', async () => {
    const o = await device.order(['42.00']);
    const original = server.terminal.charge.bind(server.terminal);
    let atCharge: string | undefined;
    const charge = vi.spyOn(server.terminal, 'charge').mockImplementation(async (req) => {
      // The attempt must already be committed when the terminal is asked.
      atCharge = (
        await server.db
          .selectFrom('payment_attempts')
          .select('status')
          .where('id', '=', req.attemptId)
          .executeTakeFirst()
      )?.status;
      return original(req);
    });
    try {
      const r = await start(o.id, '42.00');
      expect(r.status).toBe(202);
      expect(charge).toHaveBeenCalledTimes(1);
      expect(r.body).toMatchObject({ status: 'pending', amount: '42.00', total: '42.00' });
      const sse = await readSse(`${server.url}${r.body.eventsUrl}`, cashier);
      expect(sse.type).toMatch(/^text\/event-stream/);
      expect(sse.events.map((e) => e.event)).toEqual(['choosing', 'approved']);
      expect(atCharge).toBe('pending');
      const approved = sse.events[1]!.data;
      expect(approved.transaction).toMatchObject({
        id: r.body.attemptId,
        transaction_type: 'card',
        amount: '42.00',
        card_type: 'debit',
        void: false,
      });
      expect(approved.transaction.card.last4).toMatch(/^\d{4}$/);
      expect(approved.transaction.datacap_dc_direct).toMatchObject({
        void_or_return_action: 'Void',
        void_or_return_url: `/pos/checkout/voidOrReturn?transactionId=${r.body.attemptId}&from_pos=1`,
      });
      expect(approved.checkout).toMatchObject({ balanceDue: '0.00', statusText: 'Paid In Full' });
      const row = await attempt(r.body.attemptId);
      expect(row).toMatchObject({
        status: 'approved',
        kind: 'charge',
        transaction_ref: r.body.attemptId,
        message: 'The transaction was approved.',
      });
      expect(row.brand).toMatch(/Debit$/);
      // The receipt names the card by its brand and last 4 (docs/decisions/pos.md "Receipt and invoice").
      expect(approved.transaction.transaction_label).toBe(`Card ${row.brand} ****${approved.transaction.card.last4}`);
      // Only brand, last 4, auth code and reference are stored: no column can hold a card number.
      expect(Object.keys(row).filter((k) => /pan|number|cvv|track/i.test(k))).toEqual([]);
      // A retried start with the same attempt id charges nothing more.
      const again = await cashier.post('/pos/checkout/cardPayment', {
        orderId: o.id,
        attemptId: r.body.attemptId,
        amount: '42.00',
        department: 'retail',
        device: 'sim-counter-1',
        cardType: 'debit',
      });
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('approved');
      expect(charge).toHaveBeenCalledTimes(1);
      expect(await cardTransactions(o.id)).toHaveLength(1);
      // A stream opened after the end replays the same sequence.
      expect((await readSse(`${server.url}${r.body.eventsUrl}`, cashier)).events.map((e) => e.event)).toEqual([
        'choosing',
        'approved',
      ]);
    } finally {
      charge.mockRestore();
    }
  });

  it('declines by rule with the terminal message (.13, >= 10,000) and adds nothing', async () => {
    const o = await device.order(['10000.00']);
    for (const [amount, message] of [
      ['20.13', 'Card declined'],
      ['10000.00', 'Exceeds limit'],
    ] as const) {
      const r = await start(o.id, amount);
      const sse = await readSse(`${server.url}${r.body.eventsUrl}`, cashier);
      expect(sse.events.map((e) => [e.event, e.data.message])).toEqual([
        ['choosing', 'The customer is choosing the payment method.'],
        ['declined', message],
      ]);
      expect((await attempt(r.body.attemptId)).status).toBe('declined');
    }
    expect(await cardTransactions(o.id)).toEqual([]);
  });

  it('a terminal that never answers (.99) is asked for its status after the timeout: timed out, nothing charged', async () => {
    const o = await device.order(['30.00']);
    const charge = vi.spyOn(server.terminal, 'charge');
    const status = vi.spyOn(server.terminal, 'status');
    try {
      const r = await start(o.id, '12.99');
      const sse = await readSse(`${server.url}${r.body.eventsUrl}`, cashier);
      expect(sse.events.map((e) => e.event)).toEqual(['choosing', 'timed_out']);
      expect(sse.comments).toBeGreaterThan(0); // heartbeats while waiting
      expect(status).toHaveBeenCalledWith(r.body.attemptId);
      expect(charge).toHaveBeenCalledTimes(1);
      expect((await attempt(r.body.attemptId)).status).toBe('timed_out');
      expect(await cardTransactions(o.id)).toEqual([]);
      // The order and the device are free again.
      const next = await start(o.id, '30.00');
      expect(next.status).toBe(202);
      await finished(next.body.attemptId);
    } finally {
      charge.mockRestore();
      status.mockRestore();
    }
  });

  it('an approval that arrives after the timeout is reversed at the terminal, never recorded', async () => {
    const o = await device.order(['40.00']);
    const r = await start(o.id, '21.99');
    expect((await finished(r.body.attemptId))?.status).toBe('timed_out');
    server.terminal.inject(r.body.attemptId, {
      type: 'approved',
      card: { brand: 'Visa', last4: '1111', authCode: 'LATE01', terminalRef: 'SIM-NOPE' },
    });
    const reversed = await eventually(async () =>
      (await attempt(r.body.attemptId)).status === 'reversed' ? attempt(r.body.attemptId) : null,
    );
    expect(reversed).toMatchObject({ status: 'reversed', terminal_ref: 'SIM-NOPE', last4: '1111' });
    const refund = await eventually(() =>
      server.db
        .selectFrom('payment_attempts')
        .selectAll()
        .where('order_ref', '=', o.id)
        .where('kind', '=', 'refund')
        .where('status', '<>', 'pending')
        .executeTakeFirst(),
    );
    expect(refund).toMatchObject({ status: 'approved', amount: '21.99', transaction_ref: null });
    expect(await cardTransactions(o.id)).toEqual([]);
  });

  it('an approval whose answer is lost (.98) is found by the status query: one transaction, one charge', async () => {
    const o = await device.order(['20.00']);
    const charge = vi.spyOn(server.terminal, 'charge');
    try {
      const r = await start(o.id, '15.98');
      const sse = await readSse(`${server.url}${r.body.eventsUrl}`, cashier);
      expect(sse.events.map((e) => e.event)).toEqual(['choosing', 'approved']);
      expect(charge).toHaveBeenCalledTimes(1);
      expect((await cardTransactions(o.id)).map((t) => t.amount)).toEqual(['15.98']);
    } finally {
      charge.mockRestore();
    }
  });

  it('an approval delivered twice (.77), and again later, adds one transaction', async () => {
    const o = await device.order(['20.00']);
    const r = await start(o.id, '10.77');
    const sse = await readSse(`${server.url}${r.body.eventsUrl}`, cashier);
    expect(sse.events.map((e) => e.event)).toEqual(['choosing', 'approved']);
    const card = (await attempt(r.body.attemptId)) as any;
    server.terminal.inject(r.body.attemptId, {
      type: 'approved',
      card: { brand: card.brand, last4: card.last4, authCode: card.auth_code, terminalRef: card.terminal_ref },
    });
    await new Promise((res) => setTimeout(res, 100));
    expect(await cardTransactions(o.id)).toHaveLength(1);
    expect((await cashier.get(`/pos/checkout/getTransactions?orderId=${o.id}`)).body.checkout.amountPaid).toBe('10.77');
  });

  it('cancel from the POS while the customer is choosing', async () => {
    const o = await device.order(['20.00']);
    const r = await start(o.id, '5.99', { device: 'sim-counter-2' });
    const stream = readSse(`${server.url}${r.body.eventsUrl}`, cashier);
    const wrong = await cashier.get(
      `/pos/checkout/cancelSmartTerminal?smartTerminalId=sim-counter-1&siteTransactionId=${r.body.attemptId}`,
      xhr,
    );
    expect(wrong.status).toBe(400);
    // Without the CSRF token (X-Requested-With alone no longer does) a GET that changes data is refused.
    expect(
      (
        await cashier.get(
          `/pos/checkout/cancelSmartTerminal?smartTerminalId=sim-counter-2&siteTransactionId=${r.body.attemptId}`,
          { ...xhr, 'x-csrf-token': '' },
        )
      ).status,
    ).toBe(403);
    const c = await cashier.get(
      `/pos/checkout/cancelSmartTerminal?smartTerminalId=sim-counter-2&siteTransactionId=${r.body.attemptId}`,
      xhr,
    );
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ success: 'The transaction was cancelled.', attempt: { status: 'cancelled' } });
    expect((await stream).events.map((e) => e.event)).toEqual(['choosing', 'cancelled']);
    const late = await cashier.get(
      `/pos/checkout/cancelSmartTerminal?smartTerminalId=sim-counter-2&siteTransactionId=${r.body.attemptId}`,
      xhr,
    );
    expect(late.status).toBe(200);
    const approvedOne = await start(o.id, '1.00', { device: 'sim-counter-2' });
    await finished(approvedOne.body.attemptId);
    const tooLate = await cashier.get(
      `/pos/checkout/cancelSmartTerminal?smartTerminalId=sim-counter-2&siteTransactionId=${approvedOne.body.attemptId}`,
      xhr,
    );
    expect(tooLate.status).toBe(409);
    expect(await cardTransactions(o.id)).toHaveLength(1);
  });

  it('one card payment at a time per order and per terminal', async () => {
    const o = await device.order(['50.00']);
    const first = await start(o.id, '7.99', { device: 'sim-counter-2' });
    expect(first.status).toBe(202);
    const sameOrder = await start(o.id, '5.00', { device: 'sim-counter-1' });
    expect(sameOrder.status).toBe(409);
    expect(sameOrder.body.message).toBe('A card payment is already in progress on this order.');
    const other = await device.order(['5.00']);
    const sameDevice = await start(other.id, '5.00', { device: 'sim-counter-2' });
    expect(sameDevice.status).toBe(409);
    expect(sameDevice.body.message).toBe('This terminal is busy with another payment.');
    await finished(first.body.attemptId);
  });

  it('an approval the order can no longer take (paid meanwhile) is reversed at the terminal', async () => {
    const slow = vi.spyOn(server.terminal, 'charge');
    // The terminal is still "choosing" when asked after the timeout, and cannot cancel any more.
    const status = vi.spyOn(server.terminal, 'status').mockResolvedValue({ status: 'pending' });
    const cancel = vi
      .spyOn(server.terminal, 'cancel')
      .mockResolvedValue({ cancelled: false, status: { status: 'pending' } });
    // Hold the answer: the cashier takes cash for the whole balance before the card is approved.
    let release: (() => void) | null = null;
    slow.mockImplementation(async (req) => {
      await new Promise<void>((r) => (release = r));
      server.terminal.inject(req.attemptId, {
        type: 'approved',
        card: { brand: 'Visa', last4: '4242', authCode: 'A1B2C3', terminalRef: 'SIM-LATE1' },
      });
    });
    const refund = vi
      .spyOn(server.terminal, 'refund')
      .mockResolvedValue({ ok: true, kind: 'Void', terminalRef: 'SIM-R-1' });
    try {
      const o = await device.order(['18.00']);
      const r = await start(o.id, '18.00');
      const stream = readSse(`${server.url}${r.body.eventsUrl}`, cashier);
      await eventually(() => Promise.resolve(release !== null));
      expect(
        (
          await cashier.post('/pos/checkout/addTransaction', {
            orderId: o.id,
            transaction: { id: randomUUID(), transaction_type: 'cash', amount: '18' },
          })
        ).status,
      ).toBe(200);
      (release as unknown as () => void)();
      const events = (await stream).events;
      expect(events.map((e) => e.event)).toEqual(['choosing', 'declined']);
      expect(events[1]!.data.message).toBe(
        'The payment could not be applied: There is no balance due on this order. The card charge was reversed.',
      );
      expect(refund).toHaveBeenCalledWith(expect.objectContaining({ originalRef: 'SIM-LATE1', amount: '18.00' }));
      expect((await attempt(r.body.attemptId)).status).toBe('reversed');
      expect(await cardTransactions(o.id)).toEqual([]);
    } finally {
      slow.mockRestore();
      status.mockRestore();
      cancel.mockRestore();
      refund.mockRestore();
    }
  });

  it('void/return: the card is refunded at the terminal, then the payment is voided', async () => {
    const o = await device.order(['33.00']);
    const r = await start(o.id, '33.00');
    await finished(r.body.attemptId);
    const refused = await cashier.post('/pos/checkout/voidTransaction', { transaction: { id: r.body.attemptId } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This card payment was taken on a terminal: use Void/Return so the card is refunded.',
    );
    const url = `/pos/checkout/voidOrReturn?transactionId=${r.body.attemptId}&from_pos=1`;
    const v = await cashier.get(url, xhr);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({
      success: 'The payment was voided.',
      action: 'Void',
      transaction: { void: true, datacap_dc_direct: { void_or_return_status: 'complete' } },
      checkout: { amountPaid: '0.00', balanceDue: '33.00' },
    });
    const refunds = await server.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('transaction_ref', '=', r.body.attemptId)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds.map((x) => x.status)).toEqual(['approved']);
    const twice = await cashier.get(url, xhr);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This transaction has already been voided.');
    const cash = await cashier.post('/pos/checkout/addTransaction', {
      orderId: o.id,
      transaction: { id: randomUUID(), transaction_type: 'cash', amount: '1' },
    });
    expect(
      (await cashier.get(`/pos/checkout/voidOrReturn?transactionId=${cash.body.transaction.id}&from_pos=1`, xhr))
        .status,
    ).toBe(400);
    expect((await cashier.get('/pos/checkout/voidOrReturn?transactionId=nope', xhr)).status).toBe(400);
  });

  it('the domain refuses a plain void of a terminal card payment, from a call and from a device push', async () => {
    const o = await device.order(['20.00']);
    const r = await start(o.id, '15.00');
    await finished(r.body.attemptId);
    const [card] = await cardTransactions(o.id);
    expect(card).toMatchObject({ id: r.body.attemptId, terminal: true, status: 'approved' });
    await cashier.post('/pos/checkout/addTransaction', {
      orderId: o.id,
      transaction: { id: randomUUID(), transaction_type: 'cash', amount: '5' },
    });
    const all = await cashier.get(`/pos/checkout/voidTransactions?orderId=${o.id}`, xhr);
    expect(all.status).toBe(409);
    expect(all.body).toMatchObject({
      error: 'void_at_terminal',
      message: 'Refund the card payments with Void/Return first, then void the rest.',
    });
    // A device that voided it offline: the queued plain void is rejected, the card payment stays.
    expect(await device.push('transaction.void', { order_ref: o.id, transaction_ref: card!.id })).toMatchObject({
      status: 'rejected',
      code: 'void_at_terminal',
      message: 'This card payment was taken on a terminal: use Void/Return so the card is refunded.',
    });
    expect(await device.push('transaction.voidAll', { order_ref: o.id })).toMatchObject({
      status: 'rejected',
      code: 'void_at_terminal',
    });
    // The server-only names cannot be pushed by a device.
    expect(
      await device.push('transaction.voidAtTerminal', { order_ref: o.id, transaction_ref: card!.id }),
    ).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(
      await device.push('transaction.addTerminal', { order_ref: o.id, id: randomUUID(), amount: '1.00' }),
    ).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect((await cardTransactions(o.id))[0]!.status).toBe('approved');
    // Through the terminal first, then Void All takes the rest.
    expect((await cashier.get(`/pos/checkout/voidOrReturn?transactionId=${card!.id}&from_pos=1`, xhr)).status).toBe(
      200,
    );
    const rest = await cashier.get(`/pos/checkout/voidTransactions?orderId=${o.id}`, xhr);
    expect(rest.status).toBe(200);
    expect(rest.body.checkout).toMatchObject({ amountPaid: '0.00', balanceDue: '20.00' });
  });

  it('card calls are staff only; bad attempt ids are 400 or 404', async () => {
    const guest = new TestClient(server.url);
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    const o = await device.order(['1.00']);
    for (const [c, status] of [
      [guest, 401],
      [shopper, 403],
    ] as const) {
      expect(
        (
          await c.post('/pos/checkout/cardPayment', {
            orderId: o.id,
            attemptId: randomUUID(),
            amount: '1',
            department: 'retail',
            device: 'sim-counter-1',
            cardType: 'credit',
          })
        ).status,
      ).toBe(status);
      expect((await c.get(`/pos/checkout/cardPayment/events?attemptId=${randomUUID()}`)).status).toBe(status);
      expect((await c.get('/pos/checkout/getTerminals')).status).toBe(status);
    }
    expect((await cashier.get('/pos/checkout/cardPayment/events?attemptId=x')).status).toBe(400);
    expect((await cashier.get(`/pos/checkout/cardPayment/events?attemptId=${randomUUID()}`)).status).toBe(404);
    expect(
      (await cashier.get(`/pos/checkout/cancelSmartTerminal?smartTerminalId=a&siteTransactionId=${randomUUID()}`, xhr))
        .status,
    ).toBe(404);
  });
});
