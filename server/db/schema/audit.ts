/** The audit log (migration 0017-c; what is audited and why: server/sync/audit.ts). */
import type { Generated } from 'kysely';
import type { Json } from './columns';

export type AuditKind =
  | 'void'
  | 'price_override'
  | 'tax_exempt'
  | 'store_credit'
  | 'conflict_discard'
  // Migration 0027-a: a booked appointment moved, its status changed or cancelled.
  | 'appointment';

export interface AuditLogTable {
  id: Generated<string>;
  kind: AuditKind;
  action: string;
  actor_kind: string;
  actor_id: string;
  actor_role: string;
  client_id: string | null;
  mutation_id: string | number | null;
  record_table: string;
  record_id: string;
  order_ref: string | null;
  before: Json | null;
  after: Json | null;
  at: Date | string;
  recorded_at: Generated<Date>;
}

/** The audit table in DB. */
export interface AuditTables {
  audit_log: AuditLogTable;
}
