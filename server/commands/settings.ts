/**
 * The store settings a command runs with (tax rates, tender flags, time slot length, ...). They are
 * read inside the command's transaction, once per transaction, by a loader the composition hands
 * in (server/compose.ts: the shop's own settings, server/services/session/store-settings-service.ts; tests
 * pin their own), so a line added by an HTTP call and the same line pushed by a device add up the same.
 */
import type { Kysely } from 'kysely';
import { defaultStoreSettings, type StoreSettings } from '../../src/domain/settings';
import type { DB } from '../db/schema';

export type SettingsLoader = (db: Kysely<DB>) => Promise<StoreSettings>;

/** The built-in defaults: what a runner without a loader uses. */
export const defaultSettingsLoader: SettingsLoader = () => Promise.resolve(defaultStoreSettings);

/**
 * The storefront checkout IS the shop's online payment channel, so its `online` transaction is
 * allowed whatever the POS's online tender flag says (docs/decisions/storefront.md "Online checkout").
 */
export function withOnlineTender(load: SettingsLoader): SettingsLoader {
  return async (db) => {
    const s = await load(db);
    return { ...s, paymentTypeFlags: { ...s.paymentTypeFlags, online: true } };
  };
}
