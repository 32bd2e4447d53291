/**
 * A network that misbehaves on purpose, between one simulated device and the real server:
 * drops requests, drops replies after the server acted, duplicates requests (the copy races the
 * original), delays them, and keeps copies of old requests to deliver much later (reordering).
 * `hang()` makes every later call never answer: a tab killed mid-push.
 */
import type { Transport, TransportRequest } from '../../../../sync/transport';
import type { Rng } from './prng';

export interface FaultRates {
  dropRequest: number;
  dropReply: number;
  duplicate: number;
  delay: number;
  keepForLater: number;
}

export const defaultRates: FaultRates = {
  dropRequest: 0.1,
  dropReply: 0.15,
  duplicate: 0.1,
  delay: 0.2,
  keepForLater: 0.1,
};

export class FaultyNetwork {
  /** Old requests still "in the network", delivered by flushOne(). */
  readonly late: { send: Transport; req: TransportRequest }[] = [];
  readonly stats = { requests: 0, droppedRequests: 0, droppedReplies: 0, duplicates: 0, late: 0 };

  constructor(
    private readonly r: Rng,
    private readonly rates: FaultRates = defaultRates,
  ) {}

  /** Wraps `send`; the returned transport dies for good when `dead()` turns true. */
  wrap(send: Transport, dead: () => boolean): Transport {
    return async (req) => {
      if (dead()) return new Promise(() => undefined);
      this.stats.requests++;
      const r = this.r;
      if (r.chance(this.rates.delay)) await yieldTurns(r.int(1, 15));
      if (req.method === 'POST' && r.chance(this.rates.keepForLater)) {
        this.late.push({ send, req: structuredClone(req) });
        this.stats.late++;
      }
      if (r.chance(this.rates.dropRequest)) {
        this.stats.droppedRequests++;
        throw new Error('network: request lost');
      }
      const dup = req.method === 'POST' && r.chance(this.rates.duplicate);
      const dropReply = r.chance(this.rates.dropReply);
      const first = send(req);
      if (dup) {
        this.stats.duplicates++;
        await send(structuredClone(req)).catch(() => undefined);
      }
      const reply = await first;
      if (dead()) return new Promise(() => undefined);
      if (dropReply) {
        this.stats.droppedReplies++;
        throw new Error('network: reply lost');
      }
      return reply;
    };
  }

  /** Delivers one kept request now (its reply goes nowhere). */
  async flushOne(): Promise<void> {
    const i = this.r.int(0, this.late.length - 1);
    const [item] = this.late.splice(i, 1);
    if (item) await item.send(item.req).catch(() => undefined);
  }

  async flushAll(): Promise<void> {
    while (this.late.length) await this.flushOne();
  }
}

/** Virtual time: a delay is n turns of the event loop (whatever is ready runs first), not wall-clock ms. */
async function yieldTurns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
}
