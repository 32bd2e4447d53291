import { cardEventDataSchema, type CardAttempt } from '../../contracts/payment-card';
import { getCardAttempt } from '../../api/card-payment';

const NOT_APPROVED = 'The payment was not approved.';
const finals = ['approved', 'declined', 'timed_out', 'cancelled'] as const;

/** What following an attempt needs from the browser (EventSource, the status call): fakes in tests. */
export interface StreamLike {
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void): void;
  close(): void;
}

export interface AttemptFollowDeps {
  openStream(url: string): StreamLike;
  status(attemptId: string): Promise<Pick<CardAttempt, 'status' | 'message'>>;
}

const browserDeps: AttemptFollowDeps = { openStream: (url) => new EventSource(url), status: getCardAttempt };

/**
 * Follows one card attempt until its final outcome. The event stream may drop (Wi-Fi, a proxy, a
 * server restart): then the attempt's status is asked for (GET cardPayment, which never charges)
 * and, while it is still pending, the stream is opened again with a growing delay. The charge is
 * never sent again: the attempt id is the only handle. Returns the function that stops following.
 */
export function followAttempt(
  attemptId: string,
  on: { final(ok: boolean, message: string): void; reconnecting(on: boolean): void },
  deps: AttemptFollowDeps = browserDeps,
): () => void {
  let source: StreamLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let drops = 0;
  const done = (ok: boolean, message: string) => {
    if (stopped) return;
    stopped = true;
    source?.close();
    clearTimeout(timer);
    on.final(ok, message);
  };
  const read = (e: MessageEvent<string>) => {
    try {
      return cardEventDataSchema.safeParse(JSON.parse(e.data)).data?.message;
    } catch {
      return undefined;
    }
  };
  const check = async () => {
    on.reconnecting(true);
    try {
      const a = await deps.status(attemptId);
      if (a.status !== 'pending') return done(a.status === 'approved', a.message || NOT_APPROVED);
    } catch {
      // Still unreachable: try the stream again below.
    }
    if (stopped) return;
    drops++;
    timer = setTimeout(open, Math.min(500 * 2 ** drops, 8000));
  };
  const open = () => {
    if (stopped) return;
    const s = deps.openStream(`/pos/checkout/cardPayment/events?attemptId=${encodeURIComponent(attemptId)}`);
    source = s;
    s.addEventListener('choosing', () => on.reconnecting(false));
    for (const name of finals) s.addEventListener(name, (e) => done(name === 'approved', read(e) ?? NOT_APPROVED));
    s.addEventListener('error', () => {
      s.close();
      if (source === s) source = null;
      if (!stopped) void check();
    });
  };
  open();
  return () => {
    stopped = true;
    source?.close();
    clearTimeout(timer);
  };
}
