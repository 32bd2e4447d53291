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
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

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
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly listening: Promise<void>;

  constructor(private readonly opts: PgCardEventBusOptions) {
    this.listening = this.listen();
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
    return this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const c = new pg.Client({ connectionString: this.opts.url, connectionTimeoutMillis: 10_000 });
    const again = () => {
      if (this.client === c) this.client = null;
      void c.end().catch(() => undefined);
      if (this.closed || this.retry) return;
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.listen();
      }, this.opts.reconnectMs ?? 2_000);
      this.retry.unref();
    };
    c.on('error', (err) => {
      this.opts.log?.('card events: LISTEN connection lost; reconnecting', err);
      again();
    });
    c.on('end', again);
    c.on('notification', (n) => {
      if (n.channel !== CARD_CHANNEL || !n.payload) return;
      for (const fn of this.listeners) fn(n.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${CARD_CHANNEL}`);
      if (this.closed) {
        await c.end().catch(() => undefined);
        return;
      }
      this.client = c;
    } catch (err) {
      this.opts.log?.('card events: cannot LISTEN; retrying', err);
      again();
    }
  }
}
