/**
 * The event sequence one POS stream receives for a card attempt: `choosing`, then exactly one
 * final event, then the end. Events come from this process's hub (payment-events.ts) with a
 * replay of what happened before the stream connected; when the hub has nothing for the attempt
 * (a server restart, or another server took the payment) the database row is the source, polled
 * while the attempt is pending. Duplicates (the hub and the database agreeing) are dropped.
 */
import type { CardEventName } from '../../../src/contracts/payment-card';
import type { CardOutcomes } from './payment-card-outcome';
import { getAttempt } from './payment-attempts';
import { isFinal, type CardEvent, type PaymentEvents } from './payment-events';
import type { CommandRunner } from '../../commands/runner';

export interface StreamSink {
  event(e: CardEvent): void;
  heartbeat(): void;
  end(): void;
}

export interface StreamOptions {
  heartbeatMs: number;
  pollMs: number;
}

export class CardEventStreams {
  constructor(
    private readonly events: PaymentEvents,
    private readonly outcomes: CardOutcomes,
    private readonly mutations: CommandRunner,
    private readonly opts: StreamOptions,
  ) {}

  /** Starts feeding `sink`; returns the function that stops it (call it when the client goes). */
  open(attemptId: string, sink: StreamSink): () => void {
    let sent: CardEventName | null = null;
    let closed = false;
    let poll: NodeJS.Timeout | null = null;
    const heartbeat = setInterval(() => sink.heartbeat(), this.opts.heartbeatMs);
    heartbeat.unref();
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      if (poll) clearTimeout(poll);
      sub.unsubscribe();
    };
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
          poll = setTimeout(() => void fromDb().catch(() => undefined), this.opts.pollMs);
          poll.unref();
          return;
        }
        const data = await this.outcomes.eventData(attemptId, a.status, a.message);
        const name: CardEventName =
          a.status === 'approved' ? 'approved' : a.status === 'reversed' ? 'declined' : a.status;
        deliver({ name, data });
      };
      void fromDb().catch(() => undefined);
    }
    return close;
  }
}
