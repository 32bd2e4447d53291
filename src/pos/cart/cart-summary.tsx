import type { Order } from '../../domain/mutations/records';
import { Money } from '../../ui/money';
import styles from './cart.module.css';

/** Order Total breakdown of the cart (card surcharge rows only above 0, as on checkout). */
export function CartSummary({ order }: { order: Order }) {
  const t = order.totals;
  const rows: [string, string][] = [
    ['Parts', t.parts],
    ['Surcharge', t.surcharge],
    ['Labor', t.labor],
  ];
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
    </dl>
  );
}
