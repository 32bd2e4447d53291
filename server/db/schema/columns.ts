/**
 * Column types shared by the table definitions (server/db/schema/index.ts states the conventions
 * they encode), and `iso`, how a timestamp column is written back to a record.
 */
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A decimal as a string, e.g. '19.99'. */
export type Decimal = ColumnType<string, string, string>;
export type GeneratedDecimal = ColumnType<string, string | undefined, string>;
/** A column with a database default: optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
export type Json<T = unknown> = ColumnType<T, string, string>;
export type GeneratedJson<T = unknown> = ColumnType<T, string | undefined, string>;
/** Set by the change_version sequence and the update trigger; read-only to the application. */
export type Version = ColumnType<string, never, never>;
export type Id = Generated<number>;

/** A timestamp column as the ISO text a domain record holds. */
export const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
