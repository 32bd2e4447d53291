import { findCustomer } from '../../db/queries';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { loadOrderDetail } from './order-data';

/**
 * One order and its customer, live from the device cache (order view, receipt, invoice): both
 * re-read when the sync worker writes, so a pulled order number or price shows without a reload.
 */
export function useOrderDetail(ref: string) {
  const db = deviceDb();
  const detail = useLiveQuery(() => loadOrderDetail(db, ref), [ref]);
  const customer = useLiveQuery(async () => {
    const c = detail.data?.order.customer_ref;
    return c ? findCustomer(db, c) : null;
  }, [detail.data?.order.customer_ref ?? null]);
  return { detail, customer };
}
