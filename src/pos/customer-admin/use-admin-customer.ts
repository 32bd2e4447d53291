/**
 * The customer the admin screen edits, from the device store: `customer_id` in the URL is the
 * server's number (links from the orders list and the customers list) or, for a customer made on
 * this device and not synced yet, its id.
 */
import { loadCustomer } from '../../db/records';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery, type LiveResult } from '../../device/use-live-query';
import type { Customer } from '../../domain/mutations/records';

export async function findAdminCustomer(param: string): Promise<Customer | null> {
  const db = deviceDb();
  if (!/^\d+$/.test(param)) return (await loadCustomer(db, param)) ?? null;
  const n = Number(param);
  const row = await db.customers.filter((c) => c.customer_id === n).first();
  return row ? ((await loadCustomer(db, String(row.id))) ?? null) : null;
}

export function useAdminCustomer(param: string | null): LiveResult<Customer | null> {
  return useLiveQuery(() => (param ? findAdminCustomer(param) : Promise.resolve(null)), [param]);
}
