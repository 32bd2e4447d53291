/**
 * Kysely types for migration 0004, a view beside `DB` in schema.ts until one `DB` type holds every
 * table (docs/architecture.md "The target structure"). Until then services reach the table
 * through `db.withTables<FitmentTables>()`.
 */
import type { ColumnType } from 'kysely';
import type { Facets } from '../../src/domain/fitment-facets';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FitmentVehiclesTable {
  /** sha256 (hex) of the `pd_vehicle` cookie value. */
  id_hash: string;
  /** Written as JSON text (see schema.ts conventions), read back parsed. */
  facets: ColumnType<Facets, string | undefined, string>;
  show_universal: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  expires_at: Timestamp;
}

export interface FitmentTables {
  fitment_vehicles: FitmentVehiclesTable;
}
