/** Customer history entries and their pictures (migration 0026-h-customer-history). */
import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Timestamp, Version } from './columns';

export interface CustomerHistoryTable {
  id: string;
  customer_history_id: Generated<number>;
  customer_ref: string;
  comment: string;
  image_name: string | null;
  image_type: 'image/jpeg' | 'image/png' | null;
  image_size: number | null;
  actor_id: string;
  date_added: Timestamp;
  version: Version;
}

/** The re-encoded picture and its thumbnail (≤ 100 px wide), keyed by the entry's uuid. Never pulled. */
export interface CustomerHistoryImagesTable {
  id: string;
  customer_ref: string;
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  bytes: Buffer;
  thumb: Buffer;
  uploaded_by: string;
  created_at: GeneratedTimestamp;
}

export interface CustomerHistoryTables {
  customer_history: CustomerHistoryTable;
  customer_history_images: CustomerHistoryImagesTable;
}
