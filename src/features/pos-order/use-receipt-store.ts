import { lookupRows, type CachedInstaller } from '../../db/queries';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import {
  receiptFooterOf,
  storeHeaderOf,
  storeLocationOf,
  type StoreHeader,
  type StoreLocation,
} from '../../domain/receipt';
import type { Order } from '../../domain/mutations/records';
import { useSession } from '../session/use-session';

export interface ReceiptStore {
  store: StoreHeader;
  /** The settings' footer text ('' when the shop set none). */
  footer: string;
  /** Who rang the sale up, when this device knows their name; else null. */
  cashier: string | null;
}

/**
 * The shop as the order's receipt and invoice name it, read from this device's cache (the pulled
 * settings and locations), so a receipt printed offline still names the shop
 * (src/domain/receipt.ts). The cashier's name: the signed-in staff member's when they made the
 * sale, else an installer's the device knows; a device holds no other staff names.
 */
export function useReceiptStore(order: Pick<Order, 'location_id' | 'cashier_id'> | null): ReceiptStore | null {
  const { user } = useSession();
  const locationId = order?.location_id ?? null;
  const q = useLiveQuery(async () => {
    const db = deviceDb();
    const [settings, locations, installers] = await Promise.all([
      lookupRows<{ key: string; value: unknown }>(db, 'settings'),
      lookupRows<StoreLocation>(db, 'locations'),
      lookupRows<CachedInstaller>(db, 'installers'),
    ]);
    const values = Object.fromEntries(settings.map((r) => [r.key, r.value]));
    return {
      store: storeHeaderOf(values, storeLocationOf(locations, locationId)),
      footer: receiptFooterOf(values),
      installers,
    };
  }, [locationId]);
  if (!q.data || !order) return null;
  const id = order.cashier_id;
  const cashier =
    id === null
      ? null
      : user && user.id === id
        ? user.name || user.username
        : (q.data.installers.find((i) => String(i.user_id) === id)?.wholename ?? null);
  return { store: q.data.store, footer: q.data.footer, cashier };
}
