/**
 * Pull pages of this process take turns: one page transaction at a time, in the order asked
 * (docs/decisions/sync.md "First-sync storm latency").
 *
 * A page takes `sync_state FOR UPDATE` (pull-service.ts), so two pages never ran side by side in
 * the database anyway. What running them "at once" did: on PostgreSQL every waiting page held a
 * pool connection while it waited for the lock (fifty new devices' pulls filled the pool of 10),
 * and a push, a checkout or /healthz then waited for a connection behind all of them; on PGlite
 * every page queued for the one connection ahead of them. Waiting here instead costs no
 * connection, and whatever else arrives meanwhile is served between two pages.
 *
 * Must stay true: a page's transaction never waits for another pull (no gate inside the gate).
 */
export class PullGate {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` after every earlier one has settled; its result or error is the caller's. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
