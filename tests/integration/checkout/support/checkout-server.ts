/**
 * The real app on a private copy of the seeded database with the checkout adapters a test wants:
 * the terminal simulator at zero latency, a short terminal timeout, store settings the test can
 * change while the server runs. Orders are built the way devices build them (POST /sync/push).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SimulatedDistributor } from '../../../../server/adapters/distributor/simulator';
import type { Distributor } from '../../../../server/adapters/distributor/types';
import { OutboxMailer } from '../../../../server/adapters/notify/outbox';
import type { MailMessage } from '../../../../server/adapters/notify/types';
import { SimulatedTerminal } from '../../../../server/adapters/terminal/simulator';
import { buildApp } from '../../../../server/app';
import { openDatabase, type Engine, type OpenDatabase } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import type { DB } from '../../../../server/db/schema';
import type { CheckoutOptions } from '../../../../server/compose';
import { PROTOCOL_VERSION } from '../../../../src/contracts/protocol-version';
import { defaultStoreSettings, type StoreSettings } from '../../../../src/domain/settings';
import { copyTemplate } from '../../../support/engines';
import { TestClient } from '../../../support/http-client';

export interface CheckoutServer {
  app: FastifyInstance;
  open: OpenDatabase;
  db: Kysely<DB>;
  url: string;
  terminal: SimulatedTerminal;
  /** What the next mutation runs with; tests change fields of it. */
  settings: StoreSettings;
  /** Every mail as sent to the customer (the outbox view masks payment-link tokens). */
  mails: MailMessage[];
  close(): Promise<void>;
}

/** Every payment type on (online too), no card surcharge: the defaults a test starts from. */
export function testSettings(): StoreSettings {
  return {
    ...structuredClone(defaultStoreSettings),
    paymentTypeFlags: { card: true, online: true, cash: true, voucher: true, check: true, store_credit: true },
  };
}

export async function startCheckoutServer(
  engine: Engine,
  opts: Partial<CheckoutOptions> & { latencyMs?: number; distributor?: Distributor | null } = {},
): Promise<CheckoutServer> {
  const cfg = await copyTemplate(engine);
  const open = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
  await migrateToLatest(open.db);
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-shell-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Partsdesk</title>');
  const terminal = new SimulatedTerminal({ latencyMs: opts.latencyMs ?? 0 });
  const mails: MailMessage[] = [];
  const outbox = new OutboxMailer();
  const mailer = opts.mailer ?? {
    name: outbox.name,
    send: (m: MailMessage) => outbox.send(m).then(() => void mails.push(m)),
  };
  const server = { settings: testSettings(), mails } as CheckoutServer;
  // The distributor answers at once and never fails unless a test says otherwise.
  const { distributor = new SimulatedDistributor({ seed: 1, latencyMs: 0, failureRate: 0 }), ...checkoutOpts } = opts;
  const app = await buildApp({
    db: open.db,
    engine: open.engine,
    staticDir,
    sessionTtlMs: 3_600_000,
    secureCookies: false,
    logLevel: 'fatal',
    loginLimitPerMinute: 100_000,
    sync: { settings: () => Promise.resolve(server.settings) },
    // The outbox sender's background loop is off: tests drive it (server.app's checkout.sender).
    checkout: {
      terminal,
      terminalTimeoutMs: 300,
      heartbeatMs: 50,
      pollMs: 50,
      notifyPollMs: 0,
      ...checkoutOpts,
      mailer,
    },
    distributor,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(server, {
    app,
    open,
    db: open.db,
    url,
    terminal,
    async close() {
      await app.close();
      await open.close();
      await cfg.cleanup();
      fs.rmSync(staticDir, { recursive: true, force: true });
    },
  });
}

export async function signedIn(url: string, user: string, password = user): Promise<TestClient> {
  const c = new TestClient(url);
  const r = await c.login(user, password);
  if (r.status !== 200) throw new Error(`login ${user} failed: ${r.status}`);
  return c;
}

/** A device's outbox in miniature: pushes mutations one at a time and insists they apply. */
export class Device {
  readonly clientId = randomUUID();
  private next = 1;

  constructor(readonly client: TestClient) {}

  async push(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ status: string; code?: string; message?: string }> {
    const r = await this.client.post('/sync/push', {
      clientId: this.clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: this.next++, name, args, at: new Date().toISOString() }],
    });
    if (r.status !== 200) throw new Error(`push ${name}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.results[0];
  }

  async apply(name: string, args: Record<string, unknown>): Promise<void> {
    const r = await this.push(name, args);
    if (r.status !== 'applied') throw new Error(`${name} ${r.status}: ${r.code ?? ''} ${r.message ?? ''}`);
  }

  /** An order with custom (untaxed) lines of these prices; returns its uuid and number. */
  async order(
    prices: string[],
    extra: { customer?: string; vouchers?: { code: string; amount: string }[] } = {},
  ): Promise<{ id: string; number: number }> {
    const id = randomUUID();
    await this.apply('order.create', { id });
    for (const price of prices)
      await this.apply('cart.addCustomProduct', {
        order_ref: id,
        line_id: randomUUID(),
        name: `Part ${price}`,
        price,
        quantity: 1,
        tax_class_id: null,
      });
    for (const v of extra.vouchers ?? [])
      await this.apply('cart.addVoucher', {
        order_ref: id,
        line_id: randomUUID(),
        code: v.code,
        amount: v.amount,
        description: 'Gift Certificate',
      });
    if (extra.customer) await this.apply('order.setCustomer', { order_ref: id, customer_ref: extra.customer });
    await this.apply('order.save', { order_ref: id });
    const row = await this.client.get(`/pos/checkout/getTransactions?orderId=${id}`);
    return { id, number: row.body.orderId };
  }

  /** A customer with this much store credit (credit set directly: the credit call is another issue's). */
  async customer(db: Kysely<DB>, credit: string): Promise<string> {
    const id = randomUUID();
    await this.apply('customer.create', {
      id,
      firstname: 'Pat',
      lastname: 'Payer',
      email: `pat-${id.slice(0, 8)}@example.com`,
      telephone: '(512) 555-0142',
    });
    await db.updateTable('customers').set({ store_credit: credit }).where('id', '=', id).execute();
    return id;
  }
}

export interface SseEvent {
  event: string;
  data: any;
}

/** Reads a text/event-stream until the server closes it (or `timeoutMs`); comments are counted. */
export async function readSse(
  url: string,
  client: TestClient,
  timeoutMs = 10_000,
): Promise<{ status: number; events: SseEvent[]; comments: number; type: string }> {
  const res = await fetch(url, {
    headers: { cookie: client.sessionCookie, accept: 'text/event-stream' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.body || !type.startsWith('text/event-stream')) return { status: res.status, events: [], comments: 0, type };
  let text = '';
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const events: SseEvent[] = [];
  let comments = 0;
  for (const block of text.split('\n\n')) {
    if (block.startsWith(':')) comments++;
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) });
  }
  return { status: res.status, events, comments, type };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a truthy value (or fails after `ms`). */
export async function eventually<T>(fn: () => Promise<T>, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v || Date.now() > end) return v;
    await sleep(20);
  }
}
