/**
 * The shop's StoreSettings as every mutation on the server runs with them: derived from the
 * settings, tax_classes, tax_rates and locations rows by the same pure function devices use
 * (src/domain/store-settings.ts), so an order's totals are the same on both sides.
 *
 * Cached on the change version of those rows: one cheap query per mutation instead of three, and
 * a settings change made by any writer is seen by the next mutation.
 */
import { sql, type Kysely } from 'kysely';
import type { StoreSettings } from '../../../src/domain/settings';
import { storeSettingsFrom } from '../../../src/domain/store-settings';
import type { DB } from '../../db/schema';

export class StoreSettingsService {
  private cached: { stamp: string; settings: StoreSettings } | null = null;

  /** Reads on the caller's connection (inside a mutation's transaction when given one). */
  async load(db: Kysely<DB>): Promise<StoreSettings> {
    const stamp = await sql<{ stamp: string }>`
      select concat_ws(':',
        (select coalesce(max(version), 0) from settings), (select count(*) from settings),
        (select coalesce(max(version), 0) from tax_classes), (select count(*) from tax_classes),
        (select coalesce(max(version), 0) from tax_rates), (select count(*) from tax_rates),
        (select coalesce(max(version), 0) from locations), (select count(*) from locations),
        (select coalesce(max(version), 0) from custom_fields), (select count(*) from custom_fields),
        (select coalesce(max(version), 0) from custom_field_values), (select count(*) from custom_field_values)) as stamp`.execute(
      db,
    );
    const key = stamp.rows[0]?.stamp ?? '';
    if (this.cached?.stamp === key) return this.cached.settings;
    const [rows, taxClasses, taxRates, locations] = [
      await db.selectFrom('settings').select(['key', 'value']).execute(),
      await db.selectFrom('tax_classes').select(['tax_class_id', 'title']).execute(),
      await db.selectFrom('tax_rates').select(['tax_class_id', 'rate', 'location_id', 'zone_code']).execute(),
      await db.selectFrom('locations').select(['location_id', 'zone_code', 'is_default']).execute(),
    ];
    const customFields = await db.selectFrom('custom_fields').selectAll().execute();
    const customFieldValues = await db.selectFrom('custom_field_values').selectAll().execute();
    const settings = storeSettingsFrom({
      settings: Object.fromEntries(rows.map((r) => [r.key, r.value])),
      taxClasses,
      taxRates,
      locations,
      customFields,
      customFieldValues,
    });
    this.cached = { stamp: key, settings };
    return settings;
  }
}
