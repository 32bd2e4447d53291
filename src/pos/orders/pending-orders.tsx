import { Link } from 'react-router';
import { pendingOrders } from '../../db/queries';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { TableHead } from '../../ui/table/table-head';
import styles from './orders.module.css';

/**
 * Orders saved or changed on this device that the server has not confirmed yet (made offline, or
 * waiting in the queue). They show here at once, marked "Pending sync", and move into the server's
 * list (with their order number) when the device syncs.
 */
export function PendingOrders() {
  const pending = useLiveQuery(() => pendingOrders(deviceDb()), []);
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="pending-orders-title" className={styles.pendingBox}>
      <h2 id="pending-orders-title" className={styles.pendingTitle}>
        Pending sync ({rows.length})
      </h2>
      <table className={styles.pendingTable}>
        <TableHead columns={['Order', 'Date', 'Status', 'Customer', 'Items', 'Paid/Total']} />
        <tbody>
          {rows.map(({ order }) => (
            <tr key={order.id}>
              <td>
                <Link to={`/pos/order/view?order_id=${order.order_id ?? order.id}`}>
                  {order.order_id ? `# ${order.order_id}` : (order.device_ref ?? 'New order')}
                </Link>{' '}
                <span className={styles.pendingBadge}>Pending sync</span>
              </td>
              <td>{formatDateTime(order.created_at)}</td>
              <td>{order.status}</td>
              <td>{order.customer_name ?? ''}</td>
              <td>{order.lines.reduce((n, l) => n + l.quantity, 0)}</td>
              <td>
                <Money amount={order.totals.amount_paid} /> / <Money amount={order.totals.order_total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
