/**
 * In-process fan-out of card payment events to the POS's event streams (SSE). Each attempt keeps
 * its events in order, so a stream that connects late (at zero latency the approval can beat the
 * connection) replays them; after the one final event nothing more is published for it.
 *
 * Must stay true: at most one final event per attempt, and it is the last one. The database row
 * is the truth: a stream for an attempt this process has no events for (a restart, another
 * server) falls back to reading `payment_attempts` (see payment-card-stream.ts).
 */
import type { CardEventData, CardEventName } from '../../../src/contracts/payment-card';

export interface CardEvent {
  name: CardEventName;
  data: CardEventData;
}

export const isFinal = (name: CardEventName): boolean => name !== 'choosing';

interface Stream {
  events: CardEvent[];
  listeners: Set<(e: CardEvent) => void>;
  /** When a finished stream may be forgotten (ms since epoch); null while open. */
  forgetAt: number | null;
}

/** How long a finished attempt's events stay replayable. */
const KEEP_MS = 10 * 60_000;

export class PaymentEvents {
  private readonly streams = new Map<string, Stream>();

  /** `published`: told of every event this process publishes (the other processes' bus, card-event-bus.ts). */
  constructor(private readonly published?: (attemptId: string) => void) {}

  publish(attemptId: string, event: CardEvent): void {
    this.prune();
    let s = this.streams.get(attemptId);
    if (!s) this.streams.set(attemptId, (s = { events: [], listeners: new Set(), forgetAt: null }));
    if (s.forgetAt !== null) return;
    if (event.name === 'choosing' && s.events.some((e) => e.name === 'choosing')) return;
    s.events.push(event);
    if (isFinal(event.name)) s.forgetAt = Date.now() + KEEP_MS;
    for (const l of [...s.listeners]) l(event);
    this.published?.(attemptId);
  }

  /** Events so far (to replay) and live ones after; `unsubscribe` when the stream closes. */
  subscribe(attemptId: string, listener: (e: CardEvent) => void): { replay: CardEvent[]; unsubscribe: () => void } {
    let s = this.streams.get(attemptId);
    if (!s) this.streams.set(attemptId, (s = { events: [], listeners: new Set(), forgetAt: null }));
    const stream = s;
    stream.listeners.add(listener);
    return { replay: [...stream.events], unsubscribe: () => stream.listeners.delete(listener) };
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, s] of this.streams) {
      const done = s.events.length === 0 || (s.forgetAt !== null && s.forgetAt < now);
      if (done && s.listeners.size === 0) this.streams.delete(id);
    }
  }
}
