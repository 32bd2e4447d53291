import type { PurchaseOrder } from '../../contracts/distributor';
import { formatUSD } from '../../domain/money';
import styles from './purchase-order-list.module.css';

/**
 * Distributor purchase orders (pos-back-office.md §3 "Distributor purchase order"): number,
 * confirmation numbers, warehouse, submitted time, status, shipping, items and total. Used on the
 * checkout after ordering, on order detail and on the receipt.
 */
export function PurchaseOrderList({ orders }: { orders: readonly PurchaseOrder[] }) {
  return (
    <ul className={styles.poList} aria-label="Distributor purchase orders">
      {orders.map((po) => (
        <li key={po.PurchaseOrderID} className={styles.po}>
          <p className={styles.poHead}>
            <strong>PO {po.Number}</strong> · {po.ToWarehouse.Name} · {po.CurrentStatus}
          </p>
          <p className={styles.muted}>
            Confirmation {po.ConfirmationNumber} / {po.WarehouseConfirmationNumber} · submitted{' '}
            {new Date(po.SubmittedToWarehouseDateTime).toLocaleString()} · {po.ShippingMethod}
            {po.Notes ? ` · ${po.Notes}` : ''}
          </p>
          <ul className={styles.poItems}>
            {po.Items.map((it) => (
              <li key={`${it.AAIABrandCode}~${it.PartNumber}`}>
                {it.Quantity} × {it.PartNumber} ({it.AAIABrandCode})
              </li>
            ))}
          </ul>
          <p>
            Total <strong>{formatUSD(po.OrderTotalPrice)}</strong>
          </p>
        </li>
      ))}
    </ul>
  );
}
