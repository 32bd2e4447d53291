import type { Generated } from 'kysely';
import type { GeneratedTimestamp } from './columns';

/** One fixed rate-limit window (migration 0027-m): server-only, never versioned or pulled. */
export interface RateLimitsTable {
  scope: string;
  key: string;
  window_start: GeneratedTimestamp;
  hits: Generated<number>;
}

export interface SharedStateTables {
  rate_limits: RateLimitsTable;
}
