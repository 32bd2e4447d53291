/**
 * The order's returns on the order view (docs/decisions/pos.md "Returns"): each returned line with
 * quantity, reason, condition, restock, how it was refunded and the amount, from the device cache
 * (offline too), and Return Items for a completed order with something left to return.
 */
import { useState } from 'react';
import { orderReturns } from '../../db/order-returns';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import type { RunMutation } from '../../device/use-run-mutation';
import type { Order, Transaction } from '../../domain/mutations/records';
import { REFUND_METHOD_LABELS, isReturnable, returnedQuantity, sumRefunds } from '../../domain/returns';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { TableHead } from '../../ui/table/table-head';
import { ReturnModal } from './return-modal';
import viewStyles from './order-view.module.css';
import styles from './returns.module.css';

export function ReturnsSection(props: { order: Order; transactions: readonly Transaction[]; run: RunMutation }) {
  const { order } = props;
  const found = useLiveQuery(() => orderReturns(deviceDb(), order.id), [order.id]);
  const [open, setOpen] = useState(false);
  const returns = found.data ?? [];
  const left = order.lines.filter(isReturnable).some((l) => l.quantity > returnedQuantity(returns, l.id));
  if (order.status !== 'complete' && returns.length === 0) return null;
  return (
    <section id="returns" aria-labelledby="returns-title" className={viewStyles.card}>
      <h2 id="returns-title">Returns</h2>
      {order.status === 'complete' && (
        <Button variant="secondary" disabled={!left || found.loading} onClick={() => setOpen(true)}>
          Return Items
        </Button>
      )}
      {returns.length === 0 ? (
        <p className={styles.muted}>No items have been returned.</p>
      ) : (
        <div className={viewStyles.scroll}>
          <table className={styles.table}>
            <TableHead
              caption="Returned items"
              columns={['Date', 'Item', 'Qty', 'Reason / condition', 'Refund', 'Amount']}
              classNames={{ Qty: styles.num, Amount: styles.num }}
            />
            <tbody>
              {returns.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.date_added)}</td>
                  <td>
                    {r.product}
                    {r.model && <span className={styles.muted}> · {r.model}</span>}
                  </td>
                  <td className={styles.num}>{r.quantity}</td>
                  <td>
                    {r.reason} / {r.condition}
                    {r.restock ? ' · restocked' : ''}
                  </td>
                  <td>
                    {REFUND_METHOD_LABELS[r.refund_method]} · {r.return_status}
                    {r.return_id === null && <span className={styles.muted}> (pending sync)</span>}
                  </td>
                  <td className={styles.num}>
                    <Money amount={r.total} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.total}>
            Refunded: <Money amount={sumRefunds(returns)} />
          </p>
        </div>
      )}
      {open && (
        <ReturnModal
          open={open}
          onOpenChange={setOpen}
          order={order}
          transactions={props.transactions}
          returns={returns}
          run={props.run}
        />
      )}
    </section>
  );
}
