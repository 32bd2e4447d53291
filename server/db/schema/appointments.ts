/** The appointment tables (migration 0018-d). */
import type { ColumnType } from 'kysely';
import type { GeneratedTimestamp, Version } from './columns';

export interface AppointmentStatusesTable {
  status_id: number;
  name: string;
  blocks_slot: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  version: Version;
}

/** starts_at / ends_at: the shop's local wall-clock time ("YYYY-MM-DD HH:mm:ss", no time zone). */
export interface AppointmentsTable {
  id: string;
  appointment_id: ColumnType<number, number | undefined, never>;
  customer_ref: string;
  order_ref: string | null;
  vehicle_id: number | null;
  location_id: number;
  bay_id: number;
  starts_at: ColumnType<string, string, string>;
  ends_at: ColumnType<string, string, string>;
  duration: number;
  status_id: number;
  note: ColumnType<string, string | undefined, string>;
  products: ColumnType<number[], number[] | undefined, number[]>;
  notify_customer: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  version: Version;
}

export interface AppointmentInstallersTable {
  appointment_ref: string;
  user_id: number;
}

/** The appointment tables in DB. */
export interface AppointmentTables {
  appointment_statuses: AppointmentStatusesTable;
  appointments: AppointmentsTable;
  appointment_installers: AppointmentInstallersTable;
}
