/** A shopper's chosen vehicle, by cookie (migration 0004-fitment). */
import type { ColumnType } from 'kysely';
import type { Facets } from '../../../src/domain/fitment-facets';
import type { Defaulted, GeneratedTimestamp, Timestamp } from './columns';

export interface FitmentVehiclesTable {
  /** sha256 (hex) of the `pd_vehicle` cookie value. */
  id_hash: string;
  /** Written as JSON text (see the conventions in index.ts), read back parsed. */
  facets: ColumnType<Facets, string | undefined, string>;
  show_universal: Defaulted<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  expires_at: Timestamp;
}

/** The fitment tables in DB. */
export interface FitmentTables {
  fitment_vehicles: FitmentVehiclesTable;
}
