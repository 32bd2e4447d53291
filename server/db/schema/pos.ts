/** The staff cart and order history (migration 0005-pos). */
import type { Generated } from 'kysely';
import type { Defaulted, GeneratedTimestamp, Timestamp, Version } from './columns';

export interface StaffCartsTable {
  /** sessions.id_hash of the staff session whose cart this is. */
  session_hash: string;
  staff_user_id: number;
  /** The cart's order (draft, or a saved/quote/kiosk order continued into the cart). */
  order_ref: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface OrderHistoryTable {
  id: string;
  order_history_id: Generated<number>;
  order_ref: string;
  order_status_id: number;
  comment: Defaulted<string>;
  notify_customer: Defaulted<boolean>;
  notify_by_email: Defaulted<boolean>;
  notify_by_text: Defaulted<boolean>;
  email: Defaulted<string>;
  phone: Defaulted<string>;
  actor_id: string;
  date_added: Timestamp;
  version: Version;
}

/** The POS tables in DB. */
export interface PosTables {
  staff_carts: StaffCartsTable;
  order_history: OrderHistoryTable;
}
