/** The shop's setup, staff and sessions (migration 0001), and the tombstones of deleted rows (0002). */
import type { ColumnType, Generated } from 'kysely';
import type { GeneratedTimestamp, GeneratedJson, Decimal, Id, Json, Timestamp, Version } from './columns';

export interface WeekdayHours {
  open: string; // 'HH:MM', local time of the location
  close: string;
}

/** Opening hours by weekday ('mon'..'sun'); a missing day is closed. */
export type LocationHours = Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', WeekdayHours>>;

export interface TombstonesTable {
  id: ColumnType<string, never, never>;
  table_name: string;
  row_key: string;
  version: Version;
  deleted_at: GeneratedTimestamp;
}

export interface SettingsTable {
  key: string;
  value: Json;
  version: Version;
}

export interface RolesTable {
  role: string;
  name: string;
  version: Version;
}

export interface CountriesTable {
  country_id: number;
  name: string;
  iso_code_2: string;
  /** Null for countries added from country-region-data (migration 0026-f), which has no ISO 3 code. */
  iso_code_3: string | null;
  version: Version;
}

export interface ZonesTable {
  zone_id: number;
  country_id: number;
  name: string;
  code: string;
  version: Version;
}

export interface LocationsTable {
  location_id: Id;
  name: string;
  address_1: Generated<string>;
  address_2: Generated<string>;
  city: Generated<string>;
  zone_code: Generated<string>;
  postcode: Generated<string>;
  country_code: Generated<string>;
  telephone: Generated<string>;
  email: Generated<string>;
  website: Generated<string>;
  lat: Decimal | null;
  lng: Decimal | null;
  hours: GeneratedJson<LocationHours>;
  location_type: Generated<string>;
  is_default: Generated<boolean>;
  status: Generated<boolean>;
  /** Lower-cased name, address 1, city, state, post code, one per line (migration 0029-b): the locator's text search. */
  search_text: ColumnType<string, never, never>;
  version: Version;
}

export interface BaysTable {
  bay_id: Id;
  location_id: number;
  title: string;
  sort_order: Generated<number>;
  version: Version;
}

export interface StaffUsersTable {
  user_id: Id;
  /** Always lower-case (a check constraint enforces it). */
  username: string;
  password_hash: string;
  firstname: Generated<string>;
  lastname: Generated<string>;
  email: Generated<string>;
  role: string;
  location_id: number | null;
  status: Generated<boolean>;
  date_added: GeneratedTimestamp;
  version: Version;
}

export interface SessionsTable {
  /** sha256 (hex) of the cookie value; the cookie itself is never stored. */
  id_hash: string;
  user_kind: 'staff' | 'customer';
  staff_user_id: number | null;
  customer_uuid: string | null;
  csrf_token: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  last_seen_at: GeneratedTimestamp;
}

/** A key the server signs with (migration 0024-s): server-only, never versioned or pulled. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: GeneratedTimestamp;
}

/** The core tables in DB. */
export interface CoreTables {
  tombstones: TombstonesTable;
  settings: SettingsTable;
  roles: RolesTable;
  countries: CountriesTable;
  zones: ZonesTable;
  locations: LocationsTable;
  bays: BaysTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  server_secrets: ServerSecretsTable;
}
