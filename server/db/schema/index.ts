/**
 * The database's one Kysely type, `DB`: every table, written by hand to match server/db/migrations
 * (keep them in step: a new migration updates its area's file here in the same change). One file
 * per area; `DB` combines them, so any query may join any tables without a cast.
 *
 * Conventions, because pg parses types the same way on both engines:
 * - numeric (money, rates, lat/lng, weight) comes back as a string: parse it with src/domain
 *   money helpers, never with parseFloat. Write it as a decimal string.
 * - bigint (`version`, `fitment_id`, tombstone ids) comes back as a string.
 * - timestamptz comes back as a Date; accepts Date or an ISO string on write.
 * - jsonb is written as JSON text (`JSON.stringify(x)`): pg would turn a JS array parameter into a
 *   PostgreSQL array, not JSON. It reads back parsed.
 * - `version` is never written by the application (sequence default + update trigger).
 */
import type { AppointmentTables } from './appointments';
import type { AuditTables } from './audit';
import type { CatalogTables } from './catalog';
import type { CoreTables } from './core';
import type { CustomerTables } from './customers';
import type { CustomerHistoryTables } from './customer-history';
import type { DistributorTables } from './distributor';
import type { FitmentTables } from './fitment';
import type { OrderTables } from './orders';
import type { PaymentTables } from './payments';
import type { PosTables } from './pos';
import type { ReturnTables } from './returns';
import type { ShopTables } from './shop';
import type { SyncTables } from './sync';
import type { VehicleTables } from './vehicles';
import type { CustomFieldTables } from './custom-fields';
import type { CustomerAdminTables } from './customer-admin';
import type { SyncSnapshotTables } from './sync-snapshots';
import type { SharedStateTables } from './shared-state';
import type { CustomFormTables } from './custom-forms';
import type { ContentTables } from './content';
import type { KioskTables } from './kiosk';
import type { OnlineOrderTables } from './online-orders';

export type * from './appointments';
export type * from './audit';
export type * from './catalog';
export type * from './columns';
export type * from './core';
export type * from './customers';
export type * from './customer-history';
export type * from './fitment';
export type * from './orders';
export type * from './payments';
export type * from './pos';
export type * from './returns';
export type * from './shop';
export type * from './sync';
export type * from './vehicles';
export type * from './custom-fields';
export type * from './customer-admin';
export type * from './sync-snapshots';
export type * from './shared-state';
export type * from './custom-forms';
export type * from './content';
export type * from './kiosk';
export type * from './online-orders';
export { iso } from './columns';

export interface DB
  extends
    CoreTables,
    CustomerTables,
    CatalogTables,
    VehicleTables,
    FitmentTables,
    OrderTables,
    SyncTables,
    PosTables,
    PaymentTables,
    ShopTables,
    AppointmentTables,
    AuditTables,
    DistributorTables,
    CustomerAdminTables,
    ReturnTables,
    CustomerHistoryTables,
    CustomFieldTables,
    SyncSnapshotTables,
    SharedStateTables,
    CustomFormTables,
    ContentTables,
    KioskTables,
    OnlineOrderTables {}
