import { appliedCodes, codeRows } from '../../domain/cart-codes';
import type { Order, Transaction } from '../../domain/mutations/records';
import { totalsFromRecord } from '../../domain/totals';
import { OrderTotalsList } from '../../ui/order-totals';
import styles from './cart.module.css';

/**
 * The cart's Order Total: the breakdown every POS screen shows (src/ui/order-totals.tsx), then
 * each applied gift certificate and the balance it leaves (src/domain/cart-codes.ts).
 */
export function CartSummary({ order, transactions }: { order: Order; transactions: readonly Transaction[] }) {
  const totals = totalsFromRecord(order.totals, order);
  const codes = codeRows(appliedCodes(transactions), {
    balanceDue: totals.balanceDue,
    balanceLabel: totals.balanceLabel,
  });
  return (
    <div className={styles.summary}>
      <OrderTotalsList totals={totals} totalTestId="cart-total" />
      {codes.length > 0 && (
        <dl className={styles.codeRows} aria-label="Applied codes">
          {codes.map((r) => (
            <div key={`${r.code}:${r.title}`} className={styles.summaryRow}>
              <dt>{r.title}</dt>
              <dd data-testid={r.code === 'balance' ? 'cart-balance' : undefined}>{r.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
