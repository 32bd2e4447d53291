/**
 * Shop tills for tests that restart or replace the server: each is the real SyncEngine over its own
 * fake IndexedDB behind a link that can be cut (offline: every request fails like a lost network)
 * and pointed at another server (a restart listens on a new port; the till signs in again).
 * The Ledger is the reference model of what was sold: every order's lines and cash payments, kept
 * in cents, so the expected totals never come from the code under test.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect } from 'vitest';
import { PartsdeskDb } from '../../../../src/db/database';
import { getMeta } from '../../../../src/db/meta';
import { SyncEngine } from '../../../../sync/engine';
import type { Transport } from '../../../../sync/transport';
import { clientTransport, signedIn, type SyncTestServer } from './sync-server';

export interface Till {
  name: string;
  user: string;
  db: PartsdeskDb;
  engine: SyncEngine;
  /** Where requests go; null while offline. */
  link: Transport | null;
}

export function newTill(name: string, user: string): Till {
  const db = new PartsdeskDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  const till = { name, user, db, link: null } as Till;
  const transport: Transport = (req) => (till.link ? till.link(req) : Promise.reject(new Error('network: offline')));
  till.engine = new SyncEngine({ db, transport, pollMs: 0, pullLimit: 500 });
  return till;
}

/** Signs the till's user in on `server` and sends its requests there. */
export async function connect(till: Till, server: SyncTestServer): Promise<void> {
  const client = await signedIn(server.url, till.user, till.user);
  const me = (await client.get('/api/session')).body.user;
  till.engine.setSession({ id: me.id, role: me.role });
  till.link = clientTransport(client);
}

/**
 * Syncs every till until a whole round is quiet: every cycle ok, nothing queued, no recovery or
 * full sync pending, and nothing new processed by the server (so every till pulled after the last change).
 */
export async function drain(tills: Till[], server: SyncTestServer, rounds = 10): Promise<void> {
  const processed = async () =>
    Number(
      (
        await server.db
          .selectFrom('sync_mutations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  for (let round = 0; round < rounds; round++) {
    const before = await processed();
    const results = [];
    for (const t of tills) results.push(await t.engine.syncNow());
    const busy = await Promise.all(
      tills.map(
        async (t) =>
          (await t.db.outbox.count()) > 0 ||
          (await getMeta(t.db, 'resendFrom')) !== null ||
          (await getMeta(t.db, 'fullSync')),
      ),
    );
    if (results.every((r) => r === 'ok') && !busy.some(Boolean) && (await processed()) === before) return;
  }
  throw new Error(`tills did not settle in ${rounds} rounds`);
}

export interface Sale {
  id: string;
  till: string;
  /** Line prices in cents (quantity 1, no tax class). */
  lines: number[];
  /** Cash payments: transaction id -> cents. */
  payments: Map<string, number>;
}

const cents = (money: string) => Math.round(Number(money) * 100);
export const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

export class Ledger {
  readonly sales = new Map<string, Sale>();

  /** An order with lines and cash payments, made on `till` (online or not); every change must be accepted. */
  async sell(till: Till, lines: string[], payments: string[] = []): Promise<string> {
    const id = crypto.randomUUID();
    const sale: Sale = { id, till: till.name, lines: [], payments: new Map() };
    this.sales.set(id, sale);
    await ok(till, 'order.create', { id, device_ref: `${till.name}-${this.sales.size}` });
    for (const price of lines) {
      await ok(till, 'cart.addCustomProduct', {
        order_ref: id,
        line_id: crypto.randomUUID(),
        name: `Part ${price}`,
        price,
        quantity: 1,
        tax_class_id: null,
      });
      sale.lines.push(cents(price));
    }
    for (const amount of payments) await this.pay(till, id, amount);
    return id;
  }

  async pay(till: Till, orderId: string, amount: string): Promise<void> {
    const id = crypto.randomUUID();
    await ok(till, 'transaction.add', { order_ref: orderId, id, transaction_type: 'cash', amount });
    this.sales.get(orderId)!.payments.set(id, cents(amount));
  }

  expected(orderId: string): { order_total: string; amount_paid: string } {
    const s = this.sales.get(orderId)!;
    const sum = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);
    return { order_total: money(sum(s.lines)), amount_paid: money(sum(s.payments.values())) };
  }
}

async function ok(till: Till, name: string, args: unknown): Promise<void> {
  expect(await till.engine.mutate(name, args), `${till.name}: ${name}`).toMatchObject({ ok: true });
}
