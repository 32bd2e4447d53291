/**
 * How a poke's version reaches every server process (docs/decisions/sync.md "Poke"): in-process on
 * PGlite (one process serves the database), through PostgreSQL LISTEN/NOTIFY when several server
 * processes share one database.
 *
 * Must stay true: `publish` is called only after the change it announces has committed (NOTIFY is
 * sent on its own, outside any transaction); a bus loses a poke rather than ever blocking or
 * failing a command (devices still pull on their timer). The listening client is one dedicated
 * connection per process, never one of the pool's.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { PgListen } from '../db/pg-listen';

export interface PokeBus {
  /** Announces `version` to every process (this one included). Never throws. */
  publish(version: number): Promise<void>;
  /** Resolves once the bus hears other processes (or gave up trying for now); never rejects. */
  ready(): Promise<void>;
  /** `fn` hears every version published by any process. */
  subscribe(fn: (version: number) => void): void;
  close(): Promise<void>;
}

/** The channel name on PostgreSQL; the payload is the version as decimal text. */
export const POKE_CHANNEL = 'partsdesk_poke';

/** One process: an EventEmitter. */
export class LocalPokeBus implements PokeBus {
  private readonly events = new EventEmitter();

  publish(version: number): Promise<void> {
    this.events.emit('poke', version);
    return Promise.resolve();
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  subscribe(fn: (version: number) => void): void {
    this.events.on('poke', fn);
  }

  close(): Promise<void> {
    this.events.removeAllListeners();
    return Promise.resolve();
  }
}

export interface PgPokeBusOptions {
  /** Full PostgreSQL URL (never logged). */
  url: string;
  /** Delay before the listening connection is opened again after it dropped. */
  reconnectMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/**
 * PostgreSQL: this process delivers its own pokes at once (no round trip through the server) and
 * NOTIFYs the others; a dedicated client LISTENs and hands on what any process sent (its own
 * notifications too; PokeHub drops a version it already delivered).
 */
export class PgPokeBus implements PokeBus {
  private readonly local = new LocalPokeBus();
  private readonly listener: PgListen;
  private notifier: pg.Client | null = null;
  private notifying: Promise<pg.Client | null> | null = null;
  private closed = false;

  constructor(private readonly opts: PgPokeBusOptions) {
    this.listener = new PgListen({
      ...opts,
      channel: POKE_CHANNEL,
      label: 'poke',
      onPayload: (payload) => {
        const v = Number(payload);
        if (Number.isSafeInteger(v)) void this.local.publish(v);
      },
    });
  }

  /** The app starts serving once its first LISTEN ran (or failed and a retry is scheduled). */
  ready(): Promise<void> {
    return this.listener.ready();
  }

  async publish(version: number): Promise<void> {
    await this.local.publish(version);
    try {
      const c = await this.notifyClient();
      await c?.query('select pg_notify($1, $2)', [POKE_CHANNEL, String(version)]);
    } catch (err) {
      this.opts.log?.('poke: NOTIFY failed; other server processes learn at their devices’ next pull', err);
      const c = this.notifier;
      this.notifier = null;
      this.notifying = null;
      await c?.end().catch(() => undefined);
    }
  }

  subscribe(fn: (version: number) => void): void {
    this.local.subscribe(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.notifier;
    this.notifier = null;
    await Promise.all([this.listener.close(), c?.end().catch(() => undefined)]);
    await this.local.close();
  }

  /** A second dedicated connection for NOTIFY, so a poke never waits for the pool behind a long pull. */
  private notifyClient(): Promise<pg.Client | null> {
    if (this.notifier) return Promise.resolve(this.notifier);
    this.notifying ??= (async () => {
      if (this.closed) return null;
      const c = new pg.Client({ connectionString: this.opts.url, connectionTimeoutMillis: 10_000 });
      c.on('error', () => {
        if (this.notifier !== c) return;
        this.notifier = null;
        this.notifying = null;
      });
      await c.connect();
      if (this.closed) {
        await c.end().catch(() => undefined);
        return null;
      }
      this.notifier = c;
      return c;
    })().catch((err: unknown) => {
      this.notifying = null;
      throw err;
    });
    return this.notifying;
  }
}
