/**
 * GET /sync/poke's side of the server (docs/decisions/sync.md "Poke"): the open poke streams of
 * this process and what feeds them. A poke carries only "something changed at version V"; the
 * device pulls when V is above its cookie. Every committed command (server/commands/runner.ts
 * `onCommit`) calls `changed()`; commits close together are coalesced into one head read and one
 * publish. A staff device sees the whole shop's sale data, so every staff stream gets every poke.
 *
 * Must stay true: a stream gets the head version when it opens (a device that missed pokes while
 * disconnected catches up at once); versions a stream receives only grow; at most `maxStreams`
 * streams are open per process and one per device (a device's new stream replaces its old one);
 * every stream's heartbeat timer is cleared when it closes, and close() ends them all.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PokeBus } from './poke-bus';

export interface PokeSink {
  poke(version: number): void;
  /** An SSE comment that keeps proxies and the socket timeout from closing an idle stream. */
  heartbeat(): void;
  /** The hub ends the stream (replaced by the device's newer one, or the server closes). */
  end(): void;
}

export interface PokeHubOptions {
  bus: PokeBus;
  /** Streams open at once in this process; more are refused (503) until one closes. */
  maxStreams?: number;
  heartbeatMs?: number;
  /** Commits within this window share one head read and one publish. */
  coalesceMs?: number;
  /** True when other processes may hold streams (PostgreSQL): publish even with no stream open here. */
  shared?: boolean;
  log?: (msg: string, err?: unknown) => void;
}

export const POKE_MAX_STREAMS = 200;
export const POKE_HEARTBEAT_MS = 25_000;

interface Stream {
  sink: PokeSink;
  sent: number;
  timer: NodeJS.Timeout;
}

export class PokeHub {
  private readonly streams = new Map<string, Stream>();
  private readonly maxStreams: number;
  private readonly heartbeatMs: number;
  private readonly coalesceMs: number;
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private again = false;
  /** The highest version delivered to the streams of this process. */
  private delivered = 0;
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: PokeHubOptions,
  ) {
    this.maxStreams = opts.maxStreams ?? POKE_MAX_STREAMS;
    this.heartbeatMs = opts.heartbeatMs ?? POKE_HEARTBEAT_MS;
    this.coalesceMs = opts.coalesceMs ?? 10;
    opts.bus.subscribe((v) => this.deliver(v));
  }

  /** Resolves once pokes from other processes are heard (server/app.ts waits for it before listening). */
  ready(): Promise<void> {
    return this.opts.bus.ready();
  }

  get size(): number {
    return this.streams.size;
  }

  /**
   * Opens device `clientId`'s stream; returns the function that closes it (call it when the client
   * goes), or null when this process already serves `maxStreams` streams.
   */
  open(clientId: string, sink: PokeSink): (() => void) | null {
    if (this.closed) return null;
    this.streams.get(clientId)?.sink.end();
    this.drop(clientId);
    if (this.streams.size >= this.maxStreams) return null;
    const timer = setInterval(() => sink.heartbeat(), this.heartbeatMs);
    timer.unref();
    const stream: Stream = { sink, sent: 0, timer };
    this.streams.set(clientId, stream);
    void this.head()
      .then((v) => {
        if (this.streams.get(clientId) === stream) this.send(stream, v);
      })
      .catch((err: unknown) => this.opts.log?.('poke: cannot read the head version', err));
    return () => {
      if (this.streams.get(clientId) === stream) this.drop(clientId);
    };
  }

  /** A command committed: publish the head version soon (coalesced). Never throws, never waits. */
  changed(): void {
    if (this.closed || (!this.opts.shared && this.streams.size === 0)) return;
    if (this.flushing) {
      this.again = true;
      return;
    }
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        if (this.again) {
          this.again = false;
          this.changed();
        }
      });
    }, this.coalesceMs);
    this.flushTimer.unref();
  }

  /** Ends every stream and stops publishing (the app's onClose). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    for (const [id, s] of [...this.streams]) {
      this.drop(id);
      s.sink.end();
    }
    await this.flushing;
    await this.opts.bus.close();
  }

  private async flush(): Promise<void> {
    try {
      const v = await this.head();
      // Already announced (by this process or another): a commit that wrote no version (a
      // background job's claim) costs one read, no NOTIFY.
      if (!this.closed && v > this.delivered) await this.opts.bus.publish(v);
    } catch (err) {
      this.opts.log?.('poke: publish failed; devices learn at their next pull', err);
    }
  }

  private deliver(version: number): void {
    if (version <= this.delivered) return;
    this.delivered = version;
    for (const s of this.streams.values()) this.send(s, version);
  }

  private send(s: Stream, version: number): void {
    if (version <= s.sent || this.closed) return;
    s.sent = version;
    s.sink.poke(version);
  }

  private drop(clientId: string): void {
    const s = this.streams.get(clientId);
    if (!s) return;
    clearInterval(s.timer);
    this.streams.delete(clientId);
  }

  /** The last version handed out: a pull after this answers a cookie at least this high. */
  private async head(): Promise<number> {
    const r = await sql<{ v: string }>`select last_value as v from change_version`.execute(this.db);
    return Number(r.rows[0]?.v ?? 0);
  }
}
