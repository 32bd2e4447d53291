/**
 * Server-side faults for the simulation: after an applier has written its changes, fail the way a
 * lost database connection would. The push must roll the whole mutation back (nothing applied,
 * last_mutation_id unchanged) and answer 503; the device retries.
 */
import type { ApplierMap } from '../../../../server/sync/appliers/types';

export function chaosAppliers(appliers: ApplierMap, fail: () => boolean): ApplierMap {
  return Object.fromEntries(
    Object.entries(appliers).map(([name, a]) => [
      name,
      {
        access: a.access,
        async apply(args, ctx) {
          const r = await a.apply(args, ctx);
          if (fail()) throw new Error('injected: connection to the database lost after writing');
          return r;
        },
      },
    ]),
  );
}
