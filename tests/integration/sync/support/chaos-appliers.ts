/**
 * Server-side faults for the simulation: after an applier has written its changes, fail the way a
 * lost database connection would. The push must roll the whole mutation back (nothing applied,
 * last_mutation_id unchanged) and answer 503; the device retries. And a crash of the whole server
 * mid-push (ServerCrash): the in-flight mutation is lost, the reply too, and the server restarts.
 */
import type { ApplierMap } from '../../../../server/commands/appliers/types';

export function chaosAppliers(
  appliers: ApplierMap,
  fail: (name: string, args: unknown) => boolean,
  crash: () => boolean = () => false,
): ApplierMap {
  return Object.fromEntries(
    Object.entries(appliers).map(([name, a]) => [
      name,
      {
        access: a.access,
        async apply(args, ctx) {
          const r = await a.apply(args, ctx);
          // The server process dies here: connections are already cut, this mutation never commits.
          if (crash()) throw new Error('injected: server crashed mid-push');
          if (fail(name, args)) throw new Error('injected: connection to the database lost after writing');
          return r;
        },
      },
    ]),
  );
}

/**
 * A fault decision drawn from the mutation itself (its name, args and how many times the server
 * has tried it): seeds running side by side cannot shift each other's faults, and a replayed seed
 * meets the same ones. Args carry the seed's own uuids, so no two seeds share a key.
 */
export function keyedFaults(rate: number): { fail: (name: string, args: unknown) => boolean; fired: () => number } {
  const tries = new Map<string, number>();
  let fired = 0;
  const fail = (name: string, args: unknown) => {
    const key = `${name} ${JSON.stringify(args)}`;
    const n = (tries.get(key) ?? 0) + 1;
    tries.set(key, n);
    const hit = fnv1a(`${key}#${n}`) / 2 ** 32 < rate;
    if (hit) fired++;
    return hit;
  };
  return { fail, fired: () => fired };
}

/** FNV-1a with a murmur3 finaliser, so every bit (and the threshold test) depends on the whole key. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A server crash in the middle of a push: armed with k, the (k+1)-th mutation the server applies
 * from then on cuts every connection (no reply reaches anyone) and dies before committing; the
 * simulation then restarts the server on the same database and port (sync-server.ts restart()).
 */
export class ServerCrash {
  private left: number | null = null;
  private resolve: (() => void) | null = null;
  crashes = 0;

  constructor(private readonly cut: () => void) {}

  /** Crash at the (k+1)-th applied mutation; resolves when it happened. */
  arm(k: number): Promise<void> {
    this.left = k;
    return new Promise((res) => (this.resolve = res));
  }

  disarm(): void {
    this.left = null;
    this.resolve = null;
  }

  /** Called by every applier after its writes: true = crash now. */
  readonly check = (): boolean => {
    if (this.left === null) return false;
    if (this.left-- > 0) return false;
    this.left = null;
    this.crashes++;
    this.cut();
    this.resolve?.();
    return true;
  };
}
