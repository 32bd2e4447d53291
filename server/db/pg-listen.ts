/**
 * One PostgreSQL channel heard on one dedicated connection (never one of the pool's), reopened
 * after `reconnectMs` whenever it drops: what every cross-process bus listens with (the sync poke,
 * card payment events; docs/operations.md "Running several processes").
 *
 * Must stay true: listening never throws nor blocks its owner: a failed LISTEN is logged and
 * retried, so a lost notification costs latency, never an outcome. After `close` no connection
 * stays open and no retry is pending.
 */
import pg from 'pg';

export interface PgListenOptions {
  /** Full PostgreSQL URL (never logged). */
  url: string;
  /** The channel to LISTEN on (a plain identifier). */
  channel: string;
  /** Called with every non-empty payload sent on `channel`. */
  onPayload: (payload: string) => void;
  /** Names the bus in log messages ("poke: cannot LISTEN; retrying"). */
  label: string;
  /** Delay before the listening connection is opened again after it dropped. */
  reconnectMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export class PgListen {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly listening: Promise<void>;

  constructor(private readonly opts: PgListenOptions) {
    this.listening = this.listen();
  }

  /** Resolves once the first LISTEN ran (or failed and a retry is scheduled); never rejects. */
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
    const { url, channel, label, log } = this.opts;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
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
      log?.(`${label}: LISTEN connection lost; reconnecting`, err);
      again();
    });
    c.on('end', again);
    c.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      this.opts.onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (this.closed) {
        await c.end().catch(() => undefined);
        return;
      }
      this.client = c;
    } catch (err) {
      log?.(`${label}: cannot LISTEN; retrying`, err);
      again();
    }
  }
}
