import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Timestamp } from './columns';

/** One fixed rate-limit window (migration 0027-m): server-only, never versioned or pulled. */
export interface RateLimitsTable {
  scope: string;
  key: string;
  window_start: GeneratedTimestamp;
  hits: Generated<number>;
}

/** A challenge of the built-in captcha shared by every server process (migration 0027-m). */
export interface CaptchaChallengesTable {
  id: string;
  answer: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  solved: Generated<boolean>;
}

export interface SharedStateTables {
  rate_limits: RateLimitsTable;
  captcha_challenges: CaptchaChallengesTable;
}
