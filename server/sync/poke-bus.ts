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
  private listener: pg.Client | null = null;
  private notifier: pg.Client | null = null;
  private notifying: Promise<pg.Client | null> | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly listening: Promise<void>;

  constructor(private readonly opts: PgPokeBusOptions) {
    this.listening = this.listen();
  }

  /** The app starts serving once its first LISTEN ran (or failed and a retry is scheduled). */
  ready(): Promise<void> {
    return this.listening;
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
    if (this.retry) clearTimeout(this.retry);
    const clients = [this.listener, this.notifier].filter((c): c is pg.Client => c !== null);
    this.listener = null;
    this.notifier = null;
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
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

  private async listen(): Promise<void> {
    if (this.closed) return;
    const c = new pg.Client({ connectionString: this.opts.url, connectionTimeoutMillis: 10_000 });
    const again = () => {
      if (this.listener === c) this.listener = null;
      void c.end().catch(() => undefined);
      if (this.closed || this.retry) return;
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.listen();
      }, this.opts.reconnectMs ?? 2_000);
      this.retry.unref();
    };
    c.on('error', (err) => {
      this.opts.log?.('poke: LISTEN connection lost; reconnecting', err);
      again();
    });
    c.on('end', again);
    c.on('notification', (n) => {
      if (n.channel !== POKE_CHANNEL || !n.payload) return;
      const v = Number(n.payload);
      if (Number.isSafeInteger(v)) void this.local.publish(v);
    });
    try {
      await c.connect();
      await c.query(`listen ${POKE_CHANNEL}`);
      if (this.closed) {
        await c.end().catch(() => undefined);
        return;
      }
      this.listener = c;
    } catch (err) {
      this.opts.log?.('poke: cannot LISTEN; retrying', err);
      again();
    }
  }
}
