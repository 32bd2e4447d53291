import type { Transaction } from '../../domain/mutations/records';
import { isTerminalCard } from '../../domain/mutations/transactions';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import styles from './checkout.module.css';

/**
 * The order's transactions with Void per row and Void All (void rows stay listed, struck through).
 * A terminal card payment's Void is its void/return through the terminal (labelled Void/Return).
 */
export function TransactionsList(props: {
  transactions: readonly Transaction[];
  onVoid: (t: Transaction) => void;
  onVoidAll: () => void;
}) {
  const live = props.transactions.filter((t) => t.status !== 'void');
  return (
    <section aria-labelledby="tx-title" className={styles.card}>
      <div className={styles.cardHead}>
        <h2 id="tx-title">Transactions</h2>
        {live.length > 1 && (
          <Button variant="ghost" onClick={props.onVoidAll}>
            Void All
          </Button>
        )}
      </div>
      {props.transactions.length === 0 ? (
        <p className={styles.muted}>No transactions have been made yet.</p>
      ) : (
        <ul className={styles.txList}>
          {[...props.transactions]
            .sort((a, b) => a.created_at.localeCompare(b.created_at))
            .map((t) => (
              <li key={t.id} className={`${styles.tx} ${t.status === 'void' ? styles.void : ''}`}>
                <span>
                  <strong>{t.transaction_label}</strong>
                  {t.check_number !== null && ` #${t.check_number}`}{' '}
                  <span className={styles.muted}>{formatDateTime(t.created_at)}</span>
                  {t.status === 'void' && <span className={styles.muted}> · Void</span>}
                  {t.status === 'pending' && <span className={styles.muted}> · Incomplete</span>}
                </span>
                <Money amount={t.amount} />
                {t.status !== 'void' && (
                  <Button
                    variant="ghost"
                    onClick={() => props.onVoid(t)}
                    aria-label={`${isTerminalCard(t) ? 'Void/Return' : 'Void'} ${t.transaction_label} ${t.amount}`}
                  >
                    {isTerminalCard(t) ? 'Void/Return' : 'Void'}
                  </Button>
                )}
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
