/**
 * The store settings the device's mutators run with, derived from the cached settings, tax class
 * and tax rate rows by the same function the server uses (src/domain/store-settings.ts), so an
 * optimistic total equals the one the server computes. Refreshed at start and after every sync
 * cycle; until the first pull brought the shop's rows, the defaults apply.
 */
import type { PartsdeskDb } from '../src/db/database';
import { storeSettings } from '../src/db/queries';
import { defaultStoreSettings, type StoreSettings } from '../src/domain/settings';

export class SettingsCache {
  private current: StoreSettings = defaultStoreSettings;

  constructor(private readonly db: PartsdeskDb) {}

  readonly get = (): StoreSettings => this.current;

  async refresh(): Promise<StoreSettings> {
    this.current = await storeSettings(this.db);
    return this.current;
  }
}
