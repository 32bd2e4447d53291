/** Composition of the sync services for app.ts: one call, the defaults production uses. */
import type { Kysely } from 'kysely';
import { defaultStoreSettings, type StoreSettings } from '../../src/domain/settings';
import type { DB } from '../db/schema';
import { recordDiscard } from './discard-service';
import { defaultAppliers } from './appliers/registry';
import type { ApplierMap } from './appliers/types';
import { PullService } from './pull-service';
import { PushService } from './push-service';
import type { SyncRouteDeps } from './routes';

export interface SyncOptions {
  appliers?: ApplierMap;
  /** Store settings the mutators run with; read inside the mutation's transaction. */
  settings?: (db: Kysely<DB>) => Promise<StoreSettings>;
  clock?: () => Date;
  /** A push's time bound (server/sync/push-service.ts); PUSH_DEADLINE_MS unless a test sets it. */
  pushDeadlineMs?: number;
}

export function createSyncServices(db: Kysely<DB>, opts: SyncOptions = {}): SyncRouteDeps {
  return {
    push: new PushService(db, {
      appliers: opts.appliers ?? defaultAppliers,
      settings: opts.settings ?? (() => Promise.resolve(defaultStoreSettings)),
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.pushDeadlineMs !== undefined ? { deadlineMs: opts.pushDeadlineMs } : {}),
    }),
    pull: new PullService(db),
    discard: (req, actor) => recordDiscard(db, req, actor, opts.clock?.() ?? new Date()),
  };
}
