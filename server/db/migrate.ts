/**
 * Schema migrations: Kysely's Migrator with a static list, so the bundle never scans folders and
 * the order is the code's order. Names are `NNNN-topic`; the schema version is NNNN of the newest
 * applied migration. On PostgreSQL the migrator holds an advisory lock, so two servers starting at
 * once migrate one after the other.
 *
 * Must stay true: a released migration is never edited; changes go in a new file listed below.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-core';
import * as m0002 from './migrations/0002-sync';
import * as m0003 from './migrations/0003-orders';
import * as m0004 from './migrations/0004-fitment';
import * as m0005 from './migrations/0005-pos';
import * as m0006 from './migrations/0006-sync-epoch';
import * as m0007 from './migrations/0007-orders-list';
import * as m0008 from './migrations/0008-payments';
import * as m0009 from './migrations/0009-device-prefix';
import * as m0011 from './migrations/0011-search';
import * as m0012 from './migrations/0012-shop';
import * as m0013 from './migrations/0013-product';
import * as m0014 from './migrations/0014-product-oos';
import * as m0015c from './migrations/0015-c-terminal-card';
import * as m0015e from './migrations/0015-e-sync-discards';
import * as m0016a from './migrations/0016-a-fitment-sync';
import * as m0016c from './migrations/0016-c-search-accents';
import * as m0017b from './migrations/0017-b-kiosk-role';
import * as m0017c from './migrations/0017-c-audit-log';
import * as m0017d from './migrations/0017-d-notification-outbox';
import * as m0018d from './migrations/0018-d-appointments';
import * as m0019 from './migrations/0019-purchase-orders';
import * as m0020 from './migrations/0020-order-numbers';
import * as m0021 from './migrations/0021-core-charges';
import * as m0022 from './migrations/0022-appointments-sync';
import * as m0023t from './migrations/0023-t-tax-locations';
import * as m0024s from './migrations/0024-s-staff-tokens';
import * as m0025k from './migrations/0025-k-customer-credits';
import * as m0026r from './migrations/0026-r-order-returns';
import * as m0026h from './migrations/0026-h-customer-history';
import * as m0026g from './migrations/0026-g-credit-ledger';
import * as m0026f from './migrations/0026-f-customer-form';
import * as m0026i from './migrations/0026-i-customer-ips-tags';
import * as m0026s from './migrations/0026-s-customer-search';
import * as m0027a from './migrations/0027-a-appointment-audit';
import * as m0027m from './migrations/0027-m-shared-state';
import * as m0027s from './migrations/0027-s-sync-snapshots';
import * as m0028e from './migrations/0028-e-custom-forms';
import * as m0028a from './migrations/0028-a-dealer-locator';
import * as m0028f from './migrations/0028-f-content-blocks';
import * as m0029a from './migrations/0029-a-drop-captcha-challenges';
import * as m0029b from './migrations/0029-b-locator-search';
import * as m0029e from './migrations/0029-e-blog-post-body';
import * as m0028d from './migrations/0028-d-kiosk';
import * as m0028b from './migrations/0028-b-online-orders';
import * as m0029c from './migrations/0029-c-gift-recipients';
import * as m0029h from './migrations/0029-h-kiosk-video-outcome';
import * as m0029i from './migrations/0029-i-customer-tags-sync';
import * as m0030c from './migrations/0030-c-catalog-stamp';

/** Every migration by name; Kysely runs them in name order (exported for tests/unit/db/migration-order.test.ts). */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-core': m0001,
  '0002-sync': m0002,
  '0003-orders': m0003,
  '0004-fitment': m0004,
  '0005-pos': m0005,
  '0006-sync-epoch': m0006,
  '0007-orders-list': m0007,
  '0008-payments': m0008,
  '0009-device-prefix': m0009,
  '0011-search': m0011,
  '0012-shop': m0012,
  '0013-product': m0013,
  '0014-product-oos': m0014,
  '0015-c-terminal-card': m0015c,
  '0015-e-sync-discards': m0015e,
  '0016-a-fitment-sync': m0016a,
  '0016-c-search-accents': m0016c,
  '0017-b-kiosk-role': m0017b,
  '0017-c-audit-log': m0017c,
  '0017-d-notification-outbox': m0017d,
  '0018-d-appointments': m0018d,
  '0019-purchase-orders': m0019,
  '0020-order-numbers': m0020,
  '0021-core-charges': m0021,
  '0022-appointments-sync': m0022,
  '0023-t-tax-locations': m0023t,
  '0024-s-staff-tokens': m0024s,
  '0025-k-customer-credits': m0025k,
  '0026-r-order-returns': m0026r,
  '0026-h-customer-history': m0026h,
  '0026-g-credit-ledger': m0026g,
  '0026-f-customer-form': m0026f,
  '0026-i-customer-ips-tags': m0026i,
  '0026-s-customer-search': m0026s,
  '0027-a-appointment-audit': m0027a,
  '0027-m-shared-state': m0027m,
  '0027-s-sync-snapshots': m0027s,
  '0028-e-custom-forms': m0028e,
  '0028-a-dealer-locator': m0028a,
  '0028-f-content-blocks': m0028f,
  '0028-d-kiosk': m0028d,
  '0028-b-online-orders': m0028b,
  '0029-a-drop-captcha-challenges': m0029a,
  '0029-b-locator-search': m0029b,
  '0029-c-gift-recipients': m0029c,
  '0029-e-blog-post-body': m0029e,
  '0029-h-kiosk-video-outcome': m0029h,
  '0029-i-customer-tags-sync': m0029i,
  '0030-c-catalog-stamp': m0030c,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

/** The number the newest migration in this build would give: what a fully migrated database reports. */
export const latestSchemaVersion = Math.max(...Object.keys(MIGRATIONS).map(versionOf));

/**
 * `disableTransactions`: the caller already holds a transaction on `db`'s one connection (the move
 * to PostgreSQL creates the schema and copies the rows in one transaction, server/db/move.ts).
 */
export async function migrateToLatest<T>(
  db: Kysely<T>,
  opts: { disableTransactions?: boolean } = {},
): Promise<{ schemaVersion: number }> {
  const migrator = new Migrator({ db, provider, disableTransactions: opts.disableTransactions === true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const why = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(failed ? `migration ${failed} failed: ${why}` : `migrations failed: ${why}`);
  }
  return { schemaVersion: await schemaVersion(db) };
}

/** Newest applied migration's number; 0 for a database never migrated. */
export async function schemaVersion<T>(db: Kysely<T>): Promise<number> {
  const exists = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return 0;
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.reduce((max, r) => Math.max(max, versionOf(r.name)), 0);
}

function versionOf(name: string): number {
  const n = Number(/^(\d+)/.exec(name)?.[1]);
  return Number.isFinite(n) ? n : 0;
}
