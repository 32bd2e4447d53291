import type { Transaction } from '../../domain/mutations/records';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { TableHead } from '../../ui/table/table-head';
import styles from './order-view.module.css';

/** Payment info: every transaction, void ones struck through (amounts paid and due are in the Totals section). */
export function PaymentSection({ transactions }: { transactions: readonly Transaction[] }) {
  return (
    <section aria-labelledby="payment-title" className={styles.card}>
      <h2 id="payment-title">Payment info</h2>
      <h3>Transactions</h3>
      {transactions.length === 0 ? (
        <p className={styles.muted}>No transactions have been made yet.</p>
      ) : (
        <table className={styles.table}>
          <TableHead columns={['Date', 'Type', 'Amount', 'Status']} />
          <tbody>
            {transactions.map((x) => (
              <tr key={x.id} className={x.status === 'void' ? styles.voided : undefined}>
                <td>{formatDateTime(x.created_at)}</td>
                <td>{x.transaction_label || x.transaction_type}</td>
                <td>
                  <Money amount={x.amount} />
                </td>
                <td>{x.status === 'void' ? 'Void' : x.status === 'pending' ? 'Incomplete' : 'Approved'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
