/**
 * Column types shared by the table definitions (see schema.ts for the conventions they encode).
 */
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A decimal as a string, e.g. '19.99'. */
export type Decimal = ColumnType<string, string, string>;
export type GeneratedDecimal = ColumnType<string, string | undefined, string>;
export type Json<T = unknown> = ColumnType<T, string, string>;
export type GeneratedJson<T = unknown> = ColumnType<T, string | undefined, string>;
/** Set by the change_version sequence and the update trigger; read-only to the application. */
export type Version = ColumnType<string, never, never>;
export type Id = Generated<number>;

