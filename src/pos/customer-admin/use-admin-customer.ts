/**
 * The customer the admin screen edits, from the device store: `customer_id` in the URL is the
 * server's number (links from the orders list and the customers list) or, for a customer made on
 * this device and not synced yet, its id.
 *
 * A customer the device does not hold yet (made on another tablet since the last pull, a link from
 * the list's "On the server" rows) is read from the server when online (GET /api/customer/get) and
 * the sync worker is asked to pull now: the screen shows the server's copy until the pulled one
 * lands in the store, then the device's (which is what the form's mutations run on).
 */
import { useEffect, useState } from 'react';
import { getServerCustomer } from '../../api/get-customer';
import type { CustomerReply } from '../../contracts/customer-form';
import { loadCustomer } from '../../db/records';
import { deviceDb } from '../../device/device-db';
import { useSync } from '../../device/sync-context';
import { useLiveQuery, type LiveResult } from '../../device/use-live-query';
import { useOnline } from '../../device/use-online';
import type { Customer } from '../../domain/mutations/records';

export async function findAdminCustomer(param: string): Promise<Customer | null> {
  const db = deviceDb();
  if (!/^\d+$/.test(param)) return (await loadCustomer(db, param)) ?? null;
  const n = Number(param);
  const row = await db.customers.filter((c) => c.customer_id === n).first();
  return row ? ((await loadCustomer(db, String(row.id))) ?? null) : null;
}

/** The server's answer as the device record the tabs take. */
export function customerFromReply(c: CustomerReply): Customer {
  const { custname: _n, date_added, total_orders: _t, outstanding: _o, require_email: _e, ...rest } = c;
  const { require_telephone: _p, require_address: _a, ...record } = rest;
  return { ...record, created_at: date_added, updated_at: date_added };
}

export function useAdminCustomer(param: string | null): LiveResult<Customer | null> {
  const local = useLiveQuery(() => (param ? findAdminCustomer(param) : Promise.resolve(null)), [param]);
  const online = useOnline();
  const sync = useSync();
  const [server, setServer] = useState<{ param: string; customer: Customer | null; done: boolean } | null>(null);
  const missing = param !== null && !local.loading && !local.error && local.data === null;

  useEffect(() => {
    if (!missing || !online || !param) return;
    const abort = new AbortController();
    setServer({ param, customer: null, done: false });
    getServerCustomer(param, abort.signal)
      .then((r) => {
        setServer({ param, customer: customerFromReply(r.customer), done: true });
        void sync?.syncNow().catch(() => undefined);
      })
      .catch(() => {
        if (!abort.signal.aborted) setServer({ param, customer: null, done: true });
      });
    return () => abort.abort();
  }, [missing, online, param, sync]);

  if (!missing || !online) return local;
  if (!server || server.param !== param || !server.done) return { data: undefined, loading: true, error: null };
  return { data: server.customer, loading: false, error: null };
}
