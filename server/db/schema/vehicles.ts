/**
 * Vehicle reference (ACES-like) and part fitment tables; part of DB (index.ts).
 */
import type { Decimal, Id, Version } from './columns';
import type { ColumnType, Generated } from 'kysely';

export interface VehicleYearsTable {
  year: number;
  version: Version;
}

export interface VehicleMakesTable {
  make_id: Id;
  name: string;
  is_popular: Generated<boolean>;
  version: Version;
}

export interface VehicleModelsTable {
  model_id: Id;
  make_id: number;
  name: string;
  is_popular: Generated<boolean>;
  version: Version;
}

export interface BaseVehiclesTable {
  base_vehicle_id: Id;
  year: number;
  make_id: number;
  model_id: number;
  version: Version;
}

export interface VehicleSubmodelsTable {
  sub_model_id: Id;
  name: string;
  version: Version;
}

export interface VehicleBodyTypesTable {
  body_type_id: Id;
  name: string;
  version: Version;
}

export interface VehicleBedLengthsTable {
  bed_length_id: Id;
  name: string;
  version: Version;
}

export interface EngineManufacturersTable {
  engine_mfr_id: Id;
  name: string;
  version: Version;
}

export interface EngineFamiliesTable {
  engine_family_id: Id;
  engine_mfr_id: number;
  name: string;
  version: Version;
}

export interface EngineSizesTable {
  engine_size_id: Id;
  /** e.g. '5.0L V8'. */
  name: string;
  liters: Decimal;
  version: Version;
}

export interface EngineConfigsTable {
  engine_config_id: Id;
  engine_mfr_id: number;
  engine_family_id: number;
  engine_size_id: number;
  version: Version;
}

export interface VehicleConfigsTable {
  vehicle_config_id: Id;
  base_vehicle_id: number;
  sub_model_id: number | null;
  body_type_id: number | null;
  bed_length_id: number | null;
  engine_config_id: number | null;
  version: Version;
}

export interface PartFitmentTable {
  fitment_id: ColumnType<string, string | undefined, string>;
  product_id: number;
  make_id: number;
  model_id: number;
  year_from: number;
  year_to: number;
  sub_model_id: number | null;
  body_type_id: number | null;
  bed_length_id: number | null;
  engine_config_id: number | null;
  notes: string | null;
  version: Version;
}

/** The vehicle reference and fitment tables in DB. */
export interface VehicleTables {
  vehicle_years: VehicleYearsTable;
  vehicle_makes: VehicleMakesTable;
  vehicle_models: VehicleModelsTable;
  base_vehicles: BaseVehiclesTable;
  vehicle_submodels: VehicleSubmodelsTable;
  vehicle_body_types: VehicleBodyTypesTable;
  vehicle_bed_lengths: VehicleBedLengthsTable;
  engine_manufacturers: EngineManufacturersTable;
  engine_families: EngineFamiliesTable;
  engine_sizes: EngineSizesTable;
  engine_configs: EngineConfigsTable;
  vehicle_configs: VehicleConfigsTable;
  part_fitment: PartFitmentTable;
}
