import { appliedCodes, codeRows } from '../../domain/cart-codes';
import { money, toWire } from '../../domain/money';
import type { Order, Transaction } from '../../domain/mutations/records';
import { Money } from '../../ui/money';
import styles from './cart.module.css';

/**
 * Order Total breakdown of the cart (card surcharge rows only above 0, as on checkout), then each
 * applied gift certificate and the balance it leaves (src/domain/cart-codes.ts).
 */
export function CartSummary({ order, transactions }: { order: Order; transactions: readonly Transaction[] }) {
  const t = order.totals;
  const rows: [string, string][] = [
    ['Parts', t.parts],
    ['Surcharge', t.surcharge],
    ['Labor', t.labor],
  ];
  const balanceDue = money(t.balance_due);
  const codes = codeRows(appliedCodes(transactions), { balanceDue, balanceLabel: balanceDue.lt(0) ? 'Change Due' : 'Balance Due' });
  return (
    <dl className={styles.summary} aria-label="Order Total">
      {rows.map(([label, amount]) => (
        <div key={label} className={styles.summaryRow}>
          <dt>{label}</dt>
          <dd>
            <Money amount={amount} />
          </dd>
        </div>
      ))}
      <div className={styles.summaryRow}>
        <dt>{order.tax_exempt ? `Tax Exempt${order.tax_exempt_number ? ` (${order.tax_exempt_number})` : ''}` : 'Tax'}</dt>
        <dd>
          <Money amount={t.tax} />
        </dd>
      </div>
      <div className={`${styles.summaryRow} ${styles.summaryTotal}`}>
        <dt>Order Total</dt>
        <dd data-testid="cart-total">
          <Money amount={t.order_total} />
        </dd>
      </div>
      {codes.map((r) => (
        <div key={`${r.code}:${r.title}`} className={styles.summaryRow}>
          <dt>{r.title}</dt>
          <dd data-testid={r.code === 'balance' ? 'cart-balance' : undefined}>
            <Money amount={toWire(r.value)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
