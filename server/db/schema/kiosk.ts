/** The showroom kiosk's tables (migrations 0028-d, 0029-h; docs/decisions/storefront.md "Kiosk"). */
import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Timestamp } from './columns';

/** A splash video a kiosk played (POST /tool/kiosk/video): server-only, never versioned or pulled. */
export interface KioskVideoViewsTable {
  id: Generated<string>;
  video_id: string;
  start_date: Timestamp;
  end_date: Timestamp;
  kiosk_user_id: number | null;
  /** How the turn ended (migration 0029-h); null when none was reported. */
  outcome: 'ended' | 'stalled' | 'error' | null;
  recorded_at: GeneratedTimestamp;
}

export interface KioskTables {
  kiosk_video_views: KioskVideoViewsTable;
}
