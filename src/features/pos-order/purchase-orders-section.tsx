import { useEffect, useState } from 'react';
import { getOrderInfo } from '../../api/get-order-info';
import type { PurchaseOrder } from '../../contracts/distributor';
import { useOnline } from '../../device/use-online';
import { PurchaseOrderList } from './purchase-order-list';
import styles from './purchase-order-list.module.css';

export const PURCHASE_ORDERS_NEED_SERVER = 'Purchase orders show when the server can be reached.';

/**
 * An order's distributor purchase orders (pos-back-office.md §3 Order detail "distributor purchase
 * orders"), read from the server's order reply (GET /api/order/info): the distributor is online,
 * so the device does not cache them. Not asked while the order itself waits for the server
 * (`pending`): it would answer 404 right after a reconnect.
 */
export function PurchaseOrdersSection({
  orderRef,
  pending,
  className,
}: {
  orderRef: string | number;
  pending: boolean;
  className?: string;
}) {
  const online = useOnline();
  const reachable = online && !pending;
  const [orders, setOrders] = useState<PurchaseOrder[] | null>(null);
  useEffect(() => {
    if (!reachable) return;
    const ctl = new AbortController();
    getOrderInfo(orderRef, ctl.signal)
      .then((r) => setOrders(r.purchase_orders))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [reachable, orderRef]);
  return (
    <section aria-labelledby="po-title" className={className}>
      <h2 id="po-title">Purchase orders</h2>
      {orders === null ? (
        <p className={styles.muted}>{reachable ? 'Loading...' : PURCHASE_ORDERS_NEED_SERVER}</p>
      ) : orders.length === 0 ? (
        <p className={styles.muted}>There are no results.</p>
      ) : (
        <PurchaseOrderList orders={orders} />
      )}
    </section>
  );
}
