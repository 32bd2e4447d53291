/**
 * The device's end of GET /sync/poke (docs/decisions/sync.md "Poke"): one Server-Sent Events
 * stream while the engine wants it (online, a staff session). Each poke's version goes to
 * `onVersion`; the engine pulls when it is above its cookie. A stream that fails or drops is
 * reopened after a backoff (1 s doubling to 60 s, sync/backoff.ts), reset once a stream opens;
 * `wake()` (the network came back) reopens at once.
 *
 * LivePulls adds the engine's rule: a poke's version is compared with the cookie once the running
 * cycle has settled (debounced: a burst costs one check), and only a version above it pulls.
 *
 * Must stay true: at most one stream is open; after stop() none is and none will be.
 */
import { pokeEventSchema } from '../src/contracts/sync-poke';
import { backoffMs } from './backoff';

export interface PokeSourceHandlers {
  open(): void;
  /** The `data` of one `event: poke`, as text. */
  poke(data: string): void;
  /** The stream failed or dropped; the source is already closed. */
  error(): void;
}

export interface PokeSource {
  close(): void;
}

/** Opens one stream at `path` (path and query, e.g. '/sync/poke?clientId=…'). */
export type OpenPokeSource = (path: string, on: PokeSourceHandlers) => PokeSource;

/**
 * EventSource (same origin: the session cookie goes with it; iOS Safari has it), or null where
 * the realm lacks it: the device then syncs on its timer only. EventSource's own reconnect is
 * switched off (closed on the first error) so one backoff policy rules, and a 401 or 503 is not
 * retried every few seconds.
 */
export function eventSourcePokes(baseUrl: string): OpenPokeSource | null {
  if (typeof EventSource === 'undefined') return null;
  return (path, on) => {
    const es = new EventSource(baseUrl + path);
    es.addEventListener('open', () => on.open());
    es.addEventListener('poke', (e) => on.poke(String(e.data)));
    es.addEventListener('error', () => {
      es.close();
      on.error();
    });
    return { close: () => es.close() };
  };
}

export interface PokeStreamOptions {
  open: OpenPokeSource;
  /** This device's id (the stream is GET /sync/poke?clientId=…). */
  clientId: () => Promise<string>;
  onVersion: (version: number) => void;
  random?: () => number;
}

export class PokeStream {
  private source: PokeSource | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private wanted = false;
  /** Bumped on every (re)open and stop: a path resolved for an older attempt is dropped. */
  private generation = 0;

  constructor(private readonly opts: PokeStreamOptions) {}

  /** Keeps a stream open from now on (no-op when one is). */
  start(): void {
    this.wanted = true;
    if (!this.source && !this.retry) this.connect();
  }

  /** Closes the stream and stops reopening it. */
  stop(): void {
    this.wanted = false;
    this.generation++;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.source?.close();
    this.source = null;
  }

  /** The network came back: reopen now, backoff reset (the old stream may hang on the dead link). */
  wake(): void {
    if (!this.wanted) return;
    this.stop();
    this.failures = 0;
    this.start();
  }

  get open(): boolean {
    return this.source !== null;
  }

  private connect(): void {
    const gen = ++this.generation;
    void this.opts.clientId().then(
      (clientId) => {
        if (gen !== this.generation || !this.wanted) return;
        this.source = this.opts.open(`/sync/poke?clientId=${encodeURIComponent(clientId)}`, {
          open: () => {
            if (gen === this.generation) this.failures = 0;
          },
          poke: (data) => {
            if (gen !== this.generation) return;
            const parsed = pokeEventSchema.safeParse(safeJson(data));
            if (parsed.success) this.opts.onVersion(parsed.data.version);
          },
          error: () => {
            if (gen !== this.generation) return;
            this.source = null;
            this.later();
          },
        });
      },
      () => {
        if (gen === this.generation) this.later();
      },
    );
  }

  private later(): void {
    if (!this.wanted || this.retry) return;
    this.failures++;
    this.retry = setTimeout(
      () => {
        this.retry = null;
        if (this.wanted && !this.source) this.connect();
      },
      backoffMs(this.failures, this.opts.random ?? Math.random),
    );
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Pokes within this window cost one cookie check (and at most one cycle). */
export const POKE_DEBOUNCE_MS = 25;

export interface LivePullsOptions extends Omit<PokeStreamOptions, 'onVersion'> {
  /** Resolves when the running (and queued) sync cycle has ended. */
  settled: () => Promise<unknown>;
  /** The device's pull cookie. */
  cookie: () => Promise<number>;
  /** Start a cycle (the engine's schedule). */
  pull: () => void;
}

export class LivePulls {
  private readonly stream: PokeStream;
  private version = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly opts: LivePullsOptions) {
    this.stream = new PokeStream({ ...opts, onVersion: (v) => this.poked(v) });
  }

  start(): void {
    this.stopped = false;
    this.stream.start();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stream.stop();
  }

  wake(): void {
    this.stream.wake();
  }

  get open(): boolean {
    return this.stream.open;
  }

  private poked(version: number): void {
    this.version = Math.max(this.version, version);
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pullIfBehind().catch(() => undefined);
    }, POKE_DEBOUNCE_MS);
  }

  private async pullIfBehind(): Promise<void> {
    await this.opts.settled();
    if (!this.stopped && this.version > (await this.opts.cookie())) this.opts.pull();
  }
}
