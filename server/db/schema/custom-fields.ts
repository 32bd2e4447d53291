/** The shop's custom fields and their choices (migration 0026-f-customer-form). */
import type { Generated } from 'kysely';
import type { Id, Version } from './columns';

export interface CustomFieldsTable {
  custom_field_id: Id;
  name: string;
  /** select, radio, checkbox, text, textarea, date, time, datetime (pos-back-office.md §3). */
  type: string;
  /** account or address. */
  location: string;
  required: Generated<boolean>;
  sort_order: Generated<number>;
  /** false: hidden from forms, answers kept. */
  status: Generated<boolean>;
  version: Version;
}

export interface CustomFieldValuesTable {
  custom_field_value_id: Id;
  custom_field_id: number;
  name: string;
  sort_order: Generated<number>;
  version: Version;
}

export interface CustomFieldTables {
  custom_fields: CustomFieldsTable;
  custom_field_values: CustomFieldValuesTable;
}
