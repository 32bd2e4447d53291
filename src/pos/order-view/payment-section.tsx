
import type { Order, Transaction } from '../../domain/mutations/records';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import styles from './order-view.module.css';

/** Payment info: total, paid, balance (Change Due below 0), status, and every transaction. */
export function PaymentSection({ order, transactions }: { order: Order; transactions: readonly Transaction[] }) {
  const t = order.totals;
  const negative = t.balance_due.startsWith('-');
  return (
    <section aria-labelledby="payment-title" className={styles.card}>
      <h2 id="payment-title">Payment info</h2>
      <dl className={styles.facts}>
        <dt>Order Total</dt>
        <dd>
          <Money amount={t.order_total} />
        </dd>
        <dt>Amount Paid</dt>
        <dd>
          <Money amount={t.amount_paid} />
        </dd>
        <dt>{negative ? 'Change Due' : 'Balance Due'}</dt>
        <dd>
          <Money amount={negative ? t.balance_due.slice(1) : t.balance_due} />
        </dd>
        <dt>Status</dt>
        <dd>{t.paid_in_full ? 'Paid In Full' : 'Outstanding Balance'}</dd>
      </dl>
      <h3>Transactions</h3>
      {transactions.length === 0 ? (
        <p className={styles.muted}>No transactions have been made yet.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
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
