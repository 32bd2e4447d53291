/**
 * The event sequence one POS stream receives for a card attempt: `choosing`, then exactly one
 * final event, then the end. Events come from this process's hub (payment-events.ts) with a
 * replay of what happened before the stream connected; when the hub has nothing for the attempt
 * (a server restart, or another server took the payment) the database row is the source, read
 * again when another process announces the attempt changed (card-event-bus.ts, PostgreSQL) and
 * polled while it is pending. Duplicates (the hub and the database agreeing) are dropped.
 */
import type { CardEventName } from '../../../src/contracts/payment-card';
import type { CardOutcomes } from './payment-card-outcome';
import { getAttempt } from './payment-attempts';
import { isFinal, type CardEvent, type PaymentEvents } from './payment-events';
import type { CommandRunner } from '../../commands/runner';
import type { CardEventBus } from './card-event-bus';

export interface StreamSink {
  event(e: CardEvent): void;
  heartbeat(): void;
  /** An SSE `retry:` field: when the client should reconnect (before a shutdown ends the stream). */
  retry?(ms: number): void;
  end(): void;
}

export interface StreamOptions {
  heartbeatMs: number;
  pollMs: number;
}

export class CardEventStreams {
  /** Streams reading the database, by attempt: an announcement from another process reads it at once. */
  private readonly nudges = new Map<string, Set<() => void>>();
  private readonly sinks = new Map<StreamSink, () => void>();

  constructor(
    private readonly events: PaymentEvents,
    private readonly outcomes: CardOutcomes,
    private readonly mutations: CommandRunner,
    private readonly opts: StreamOptions,
    private readonly bus?: CardEventBus,
  ) {
    bus?.subscribe((attemptId) => {
      for (const nudge of [...(this.nudges.get(attemptId) ?? [])]) nudge();
    });
  }

  /** Resolves once announcements of the other processes are heard (the app waits before listening). */
  ready(): Promise<void> {
    return this.bus?.ready() ?? Promise.resolve();
  }

  /** Open streams (graceful shutdown ends them with a retry hint: server/shutdown.ts). */
  get size(): number {
    return this.sinks.size;
  }

  /** Ends every open stream: `last` is written to each first (a reconnect hint), then it ends. */
  endAll(last: (sink: StreamSink) => void): void {
    for (const [sink, close] of [...this.sinks]) {
      close();
      last(sink);
      sink.end();
    }
  }

  /** Starts feeding `sink`; returns the function that stops it (call it when the client goes). */
  open(attemptId: string, sink: StreamSink): () => void {
    let sent: CardEventName | null = null;
    let closed = false;
    let poll: NodeJS.Timeout | null = null;
    const heartbeat = setInterval(() => sink.heartbeat(), this.opts.heartbeatMs);
    heartbeat.unref();
    let nudge: (() => void) | null = null;
    const close = () => {
      if (closed) return;
      closed = true;
      this.sinks.delete(sink);
      clearInterval(heartbeat);
      if (poll) clearTimeout(poll);
      sub.unsubscribe();
      if (nudge) this.nudges.get(attemptId)?.delete(nudge);
      if (this.nudges.get(attemptId)?.size === 0) this.nudges.delete(attemptId);
    };
    this.sinks.set(sink, close);
    const deliver = (e: CardEvent) => {
      if (closed || (e.name === 'choosing' && sent !== null) || (sent !== null && isFinal(sent))) return;
      sent = e.name;
      sink.event(e);
      if (isFinal(e.name)) {
        close();
        sink.end();
      }
    };
    const sub = this.events.subscribe(attemptId, deliver);
    for (const e of sub.replay) deliver(e);
    if (sub.replay.length === 0) {
      const fromDb = async () => {
        if (poll) clearTimeout(poll);
        poll = null;
        if (closed) return;
        const a = await getAttempt(this.mutations.reader, attemptId);
        if (!a || closed) return;
        if (sent === null)
          deliver({
            name: 'choosing',
            data: { attemptId, status: 'pending', message: 'The customer is choosing the payment method.' },
          });
        if (a.status === 'pending') {
          if (poll) clearTimeout(poll);
          poll = setTimeout(() => void fromDb().catch(() => undefined), this.opts.pollMs);
          poll.unref();
          return;
        }
        const data = await this.outcomes.eventData(attemptId, a.status, a.message);
        const name: CardEventName =
          a.status === 'approved' ? 'approved' : a.status === 'reversed' ? 'declined' : a.status;
        deliver({ name, data });
      };
      nudge = () => void fromDb().catch(() => undefined);
      let set = this.nudges.get(attemptId);
      if (!set) this.nudges.set(attemptId, (set = new Set()));
      set.add(nudge);
      void fromDb().catch(() => undefined);
    }
    return close;
  }
}
