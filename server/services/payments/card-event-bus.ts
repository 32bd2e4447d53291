/**
 * Card payment events across server processes (docs/operations.md "Running several processes").
 * The terminal's answer is applied by the process that started the charge (it holds the
 * terminal's subscription); a POS whose event stream a proxy sent to another process must still
 * see the approval at once. So every published event is announced on PostgreSQL's
 * `partsdesk_card` channel (payload: the attempt id) after its commit, and each process nudges
 * its streams of that attempt to read the row again (server/services/payments/payment-card-stream.ts).
 *
 * Must stay true: an announcement carries no data, only "attempt X changed": the database row is
 * the truth, and a lost notification costs latency (the stream's poll), never an outcome. On PGlite
 * one process serves everything and the in-process events (payment-events.ts) suffice: no bus.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { PgListen } from '../../db/pg-listen';

export const CARD_CHANNEL = 'partsdesk_card';

export interface CardEventBus {
  /** Tells every process (this one too) that `attemptId` has a new event. Never throws. */
  announce(attemptId: string): void;
  /** `fn` hears every attempt id any process announced. */
  subscribe(fn: (attemptId: string) => void): void;
  /** Resolves once this process hears the others (or gave up for now); never rejects. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface PgCardEventBusOptions {
  url: string;
  db: Kysely<DB>;
  reconnectMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** LISTEN on one dedicated connection (reopened after `reconnectMs` when it drops); NOTIFY through the pool. */
export class PgCardEventBus implements CardEventBus {
  private readonly listeners: ((attemptId: string) => void)[] = [];
  private readonly listener: PgListen;

  constructor(private readonly opts: PgCardEventBusOptions) {
    this.listener = new PgListen({
      ...opts,
      channel: CARD_CHANNEL,
      label: 'card events',
      onPayload: (attemptId) => {
        for (const fn of this.listeners) fn(attemptId);
      },
    });
  }

  announce(attemptId: string): void {
    void sql`select pg_notify(${CARD_CHANNEL}, ${attemptId})`
      .execute(this.opts.db)
      .catch((err: unknown) =>
        this.opts.log?.('card events: NOTIFY failed; other processes read the attempt on their poll', err),
      );
  }

  subscribe(fn: (attemptId: string) => void): void {
    this.listeners.push(fn);
  }

  ready(): Promise<void> {
    return this.listener.ready();
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
