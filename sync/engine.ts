/**
 * The sync engine: one sequential queue of sync cycles (push until the outbox is answered, then
 * pull until no page remains), run under a browser-wide Web Lock so only one tab or worker pushes
 * at a time. Triggers: start, the online event (reconnected(): aborts a request stalled on the
 * old connection, a cycle at once), the page becoming visible, a timer, and every mutate().
 * Failures retry with backoff (1 s -> 60 s, jitter, never below 1 s); a 401 keeps the queue and
 * reports needsLogin until setSession() is called again.
 *
 * Must stay true: at most one cycle runs per engine (the chain) and per browser (the lock); a
 * cycle never pulls while mutations it could push remain unanswered, so every outcome (including
 * a rejection) is learnt from a push reply before a pull can mark its id as processed.
 */
import { PULL_LIMIT_MAX } from '../src/contracts/sync-pull';
import type { StoreSettings } from '../src/domain/settings';
import { defaultStoreSettings } from '../src/domain/settings';
import type { ConflictEntry, PartsdeskDb } from '../src/db/database';
import { ensureClientId, getMeta, setMeta } from '../src/db/meta';
import { backoffMs } from './backoff';
import { pushDiscards } from './discards';
import { mutate, requeueConflict, type MutateResult } from './outbox';
import { pullAll, type PulledPage } from './pull';
import type { SnapshotLines } from './snapshot';
import { LivePulls, type OpenPokeSource } from './poke-stream';
import { pushOnce } from './push';
import { domainRegistry, type MutationRegistry } from './registry';
import { readSyncStatus, type SyncStatus } from './status';
import type { Transport } from './transport';

export interface LockLike {
  request<T>(name: string, cb: () => Promise<T>): Promise<T>;
}

export interface EngineEnv {
  online(): boolean;
  /** navigator.locks where available. */
  locks?: LockLike | undefined;
  /** Subscribe to `online` (returns an unsubscribe): aborts a request stalled on the dead network, cycles at once. */
  onWake?: (cb: () => void) => () => void;
}

export interface EngineDeps {
  db: PartsdeskDb;
  /**
   * A second connection with relaxed durability, for pull pages only (no flush to disk per page).
   * Safe: a page, its rebase and its cookie commit together or not at all, and a committed page lost
   * to a power cut is pulled again; mutate() and push keep `db` (strict). docs/decisions/sync.md "Initial download, version 3".
   */
  pullDb?: PartsdeskDb;
  transport: Transport;
  registry?: MutationRegistry;
  settings?: () => StoreSettings;
  clock?: () => number;
  random?: () => number;
  mintId?: () => string;
  env?: EngineEnv;
  pullLimit?: number;
  /** Page size of the initial download (pull from cookie 0); docs/decisions/sync.md "Page size, bulk writes, pipelining (measured)". */
  initialPullLimit?: number;
  /** After each stored pull page (the worker mirrors product changes into its search index). */
  onPullPage?: (page: PulledPage) => void;
  /** After a cycle completed its pull (the worker settles its search index). */
  onCycleEnd?: () => void;
  /** Idle poll interval; 0 disables the timer (tests drive cycles with syncNow). */
  pollMs?: number;
  /** Upper bound on push rounds per cycle, so one cycle cannot spin forever. */
  maxPushRounds?: number;
  /** Opens GET /sync/poke (sync/poke-stream.ts eventSourcePokes); absent: no live pulls, the timer only. */
  pokes?: OpenPokeSource | null;
  /** Reads a first-sync snapshot file (sync/snapshot.ts); absent: a new device pulls from 0. */
  snapshot?: SnapshotLines;
  /**
   * A showroom kiosk (docs/decisions/storefront.md "Kiosk"): cycles push the outbox and stop there;
   * nothing is pulled (a kiosk account may not pull: its catalog is the one staff last synced).
   */
  pushOnly?: boolean;
}

/** Rows per page of the initial download (the contract's maximum); see docs/decisions/sync.md "Initial download, version 3". */
export const INITIAL_PULL_LIMIT = PULL_LIMIT_MAX;

/** Roles that may discard a conflict (the server checks again: POST /sync/discard is staff only). */
const STAFF_ROLES = new Set(['admin', 'cashier', 'installer']);

export type CycleResult = 'ok' | 'retry' | 'needsLogin' | 'needsUpdate' | 'blocked';

export class SyncEngine {
  private chain: Promise<unknown> = Promise.resolve();
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;
  private unwake: (() => void) | null = null;
  private actor: { id: string; role: string; token?: string | undefined } = { id: 'anonymous', role: 'guest' };
  /** Aborts the requests of the running cycle (reconnected()); replaced per cycle. */
  private inflight: AbortController | null = null;
  /** Counts reconnected() calls: a timer cycle that saw one start while it ran leaves the scheduling to it. */
  private reconnects = 0;
  private inflightSince = 0;
  /** deps.transport with the running cycle's abort signal; a transport that ignores it is not waited for. */
  private readonly transport: Transport;
  private state = {
    needsLogin: false,
    needsUpdate: false,
    error: null as string | null,
    progress: null as SyncStatus['progress'],
  };
  private readonly registry: MutationRegistry;
  private readonly clock: () => number;
  private readonly random: () => number;
  private readonly poke: LivePulls | null;

  constructor(private readonly deps: EngineDeps) {
    this.registry = deps.registry ?? domainRegistry;
    this.clock = deps.clock ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.transport = (req) => {
      const ctrl = this.inflight ?? new AbortController();
      const { signal } = ctrl;
      if (signal.aborted) return Promise.reject(new Error('aborted: back online'));
      return new Promise((resolve, reject) => {
        const onAbort = () => reject(new Error('aborted: back online'));
        signal.addEventListener('abort', onAbort, { once: true });
        deps
          .transport({ ...req, signal })
          .then(resolve, reject)
          .finally(() => signal.removeEventListener('abort', onAbort));
      });
    };
    this.poke = deps.pokes
      ? new LivePulls({
          open: deps.pokes,
          clientId: () => ensureClientId(deps.db, deps.mintId),
          random: this.random,
          settled: () => this.chain, // the running cycle may pull the poked change itself
          cookie: () => getMeta(deps.db, 'cookie'),
          // With the timer off (tests), a poke runs the cycle itself.
          pull: () => ((deps.pollMs ?? 30_000) === 0 ? void this.syncNow().catch(() => undefined) : this.schedule(0)),
        })
      : null;
  }

  /** Starts the triggers and runs a first cycle. */
  start(): void {
    this.unwake = this.deps.env?.onWake?.(() => this.reconnected()) ?? null;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.poke?.stop();
    this.unwake?.();
  }

  /** Who is signed in (and their staff token, stamped on what they queue); clears needsLogin. */
  setSession(actor: { id: string; role: string; token?: string | undefined }): void {
    this.actor = actor;
    this.state.needsLogin = false;
    this.emit();
    this.wake();
    if (!this.stopped) this.poke?.start();
  }

  async mutate(name: string, args: unknown): Promise<MutateResult> {
    const result = await mutate(this.deps.db, this.registry, {
      name,
      args,
      actor: this.actor,
      now: new Date(this.clock()).toISOString(),
      settings: this.settings(),
    });
    if (result.ok) {
      this.emit();
      this.schedule(0);
    }
    return result;
  }

  /** Runs one cycle now (queued behind any running one) and resolves with how it ended. */
  syncNow(): Promise<CycleResult> {
    const run = this.chain.then(() => this.locked(() => this.cycle()));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Rejections staff have not dismissed yet, oldest first. */
  async conflicts(): Promise<ConflictEntry[]> {
    return (await this.deps.db.conflicts.orderBy('id').toArray()).filter((c) => c.seenAt === null);
  }

  /**
   * Staff discard a rejection (accept the server's state): records when and who on the device and queues
   * the discard for the server (sync/discards.ts; not for an applied change's notice). Only staff may.
   */
  async dismissConflict(id: number): Promise<void> {
    if (!STAFF_ROLES.has(this.actor.role)) throw new Error('Only staff can discard a rejected change.');
    const db = this.deps.db;
    await db.transaction('rw', db.conflicts, async () => {
      const c = await db.conflicts.get(id);
      if (!c || c.seenAt !== null) return;
      await db.conflicts.update(id, {
        seenAt: new Date(this.clock()).toISOString(),
        seenBy: { id: this.actor.id, role: this.actor.role },
        ...(c.applied ? {} : { discard: { pending: true } }),
      });
    });
    this.emit();
    this.schedule(0);
  }

  /** Re-queues a rejection as a new change (sync/outbox.ts requeueConflict); a local refusal keeps it open. */
  async retryConflict(id: number): Promise<MutateResult> {
    const now = new Date(this.clock()).toISOString();
    const result = await requeueConflict(this.deps.db, this.registry, id, {
      actor: this.actor,
      now,
      settings: this.settings(),
    });
    this.emit();
    if (result.ok) this.schedule(0);
    return result;
  }

  /**
   * The network came back (the `online` event, heard by the worker and forwarded by the page):
   * abort a cycle still waiting on the old connection and start a cycle now, backoff reset.
   * The worker and the page both report one event: a cycle started under 500 ms ago already runs
   * on the new connection and is not aborted (the second report only queues one more cycle).
   */
  reconnected(): void {
    this.reconnects++;
    if (this.inflight && this.clock() - this.inflightSince >= 500) this.inflight.abort();
    this.wake();
    this.poke?.wake();
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  status(): Promise<SyncStatus> {
    return readSyncStatus(this.deps.db, this.clock(), {
      online: this.deps.env?.online() ?? true,
      needsLogin: this.state.needsLogin,
      needsUpdate: this.state.needsUpdate,
      error: this.state.error,
      progress: this.state.progress,
    });
  }

  private settings(): StoreSettings {
    return this.deps.settings?.() ?? defaultStoreSettings;
  }

  private wake(): void {
    this.failures = 0;
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped || (this.deps.pollMs ?? 30_000) === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const seen = this.reconnects;
      void this.syncNow().then(
        (r) => this.after(r, seen),
        () => this.after('retry', seen),
      );
    }, ms);
  }

  private after(r: CycleResult, seen: number): void {
    // reconnected() ran meanwhile (and maybe aborted this cycle): it already scheduled the next one.
    if (seen !== this.reconnects) return;
    if (r === 'retry') {
      this.failures++;
      this.schedule(backoffMs(this.failures, this.random));
    } else if (r === 'ok') {
      this.failures = 0;
      this.schedule(this.deps.pollMs ?? 30_000);
    }
    // needsLogin / needsUpdate / blocked wait for setSession, a reload or a wake event.
  }

  private locked<T>(fn: () => Promise<T>): Promise<T> {
    const locks = this.deps.env?.locks;
    return locks ? locks.request('partsdesk-push', fn) : fn();
  }

  private async cycle(): Promise<CycleResult> {
    this.inflight = new AbortController();
    this.inflightSince = this.clock();
    try {
      return await this.cycleBody();
    } finally {
      this.inflight = null;
    }
  }

  private async cycleBody(): Promise<CycleResult> {
    const db = this.deps.db;
    const clientId = await ensureClientId(db, this.deps.mintId);
    if (this.deps.env && !this.deps.env.online()) return 'retry';
    let idle = 0;
    for (let round = 0; round < (this.deps.maxPushRounds ?? 1000); round++) {
      const p = await pushOnce(db, this.transport, clientId, this.clock);
      if (p.kind === 'idle') break;
      if (p.kind === 'progress') {
        // A gap reply answers nothing but sets up recovery; two in a row means no progress: back off.
        idle = p.answered === 0 ? idle + 1 : 0;
        if (idle >= 2) return 'retry';
        this.emit();
        continue;
      }
      return this.fail(p);
    }
    if ((await db.outbox.count()) > 0) return 'retry';
    if (this.deps.pushOnly) {
      await setMeta(db, 'lastSync', new Date(this.clock()).toISOString());
      this.state.error = null;
      this.emit();
      return 'ok';
    }
    const pulled = await pullAll(this.deps.pullDb ?? db, this.transport, {
      clientId,
      limit: this.deps.pullLimit ?? 1000,
      initialLimit: this.deps.initialPullLimit ?? INITIAL_PULL_LIMIT,
      registry: this.registry,
      settings: () => this.settings(),
      ...(this.deps.onPullPage ? { onPage: this.deps.onPullPage } : {}),
      snapshot: this.deps.snapshot,
      onProgress: (applied, remaining) => {
        this.state.progress = remaining > 0 ? { applied, remaining } : null;
        this.emit();
      },
    });
    if (pulled.kind === 'needsLogin') return this.fail(pulled);
    if (pulled.kind === 'retry') return 'retry';
    const discards = await pushDiscards(db, this.transport, clientId);
    if (discards === 'needsLogin') return this.fail({ kind: 'needsLogin' });
    if (discards === 'retry') return 'retry';
    await setMeta(db, 'lastSync', new Date(this.clock()).toISOString());
    this.state.error = null;
    this.state.progress = null;
    this.emit();
    this.deps.onCycleEnd?.();
    // A pull started recovery (acked mutations lost) or met a new epoch on its last page: sync again now.
    if ((await getMeta(db, 'resendFrom')) !== null || (await getMeta(db, 'fullSync'))) this.schedule(0);
    return 'ok';
  }

  private fail(
    p:
      | { kind: 'needsLogin' }
      | { kind: 'needsUpdate'; message: string }
      | { kind: 'blocked'; message: string }
      | { kind: 'stuck'; missing: number }
      | { kind: 'retry'; reason: string },
  ): CycleResult {
    switch (p.kind) {
      case 'needsLogin':
        this.state.needsLogin = true;
        this.poke?.stop();
        this.emit();
        return 'needsLogin';
      case 'needsUpdate':
        this.state.needsUpdate = true;
        this.state.error = p.message;
        this.emit();
        return 'needsUpdate';
      case 'blocked':
        this.state.error = p.message;
        this.emit();
        return 'blocked';
      case 'stuck':
        this.state.error = `The server lost change ${p.missing}, which this device no longer keeps. Contact your administrator.`;
        this.emit();
        return 'blocked';
      case 'retry':
        return 'retry';
    }
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }
}
