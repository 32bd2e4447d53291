import type { Order } from '../../domain/mutations/records';
import { Money } from '../../ui/money';
import styles from './checkout.module.css';

/**
 * The Order Total breakdown (Parts, Surcharge, Labor, Tax or Tax Exempt with its number, the two
 * card surcharge rows only above 0), Amount Paid, Balance Due / Change Due and the paid status.
 */
export function OrderTotalPanel({ order }: { order: Order }) {
  const t = order.totals;
  const rows: [string, string][] = [
    ['Parts', t.parts],
    ['Surcharge', t.surcharge],
    ['Labor', t.labor],
    [order.tax_exempt ? `Tax Exempt${order.tax_exempt_number ? ` (${order.tax_exempt_number})` : ''}` : 'Tax', t.tax],
  ];
  if (!/^-?0\.00$/.test(t.card_surcharge)) rows.push(['Credit Card Surcharge', t.card_surcharge]);
  if (!/^-?0\.00$/.test(t.card_surcharge_tax)) rows.push(['Credit Card Surcharge Tax', t.card_surcharge_tax]);
  const change = t.balance_due.startsWith('-');
  return (
    <section aria-labelledby="total-title" className={styles.card}>
      <h2 id="total-title">Order Total</h2>
      <dl className={styles.rows}>
        {rows.map(([label, amount]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>
              <Money amount={amount} />
            </dd>
          </div>
        ))}
        <div className={`${styles.row} ${styles.strong}`}>
          <dt>Order Total</dt>
          <dd data-testid="order-total">
            <Money amount={t.order_total} />
          </dd>
        </div>
        <div className={styles.row}>
          <dt>Amount Paid</dt>
          <dd data-testid="amount-paid">
            <Money amount={t.amount_paid} />
          </dd>
        </div>
        <div className={`${styles.row} ${styles.strong}`}>
          <dt>{change ? 'Change Due' : 'Balance Due'}</dt>
          <dd data-testid="balance-due">
            <Money amount={change ? t.balance_due.slice(1) : t.balance_due} />
          </dd>
        </div>
      </dl>
      <p className={t.paid_in_full ? styles.paid : styles.owing} role="status">
        {t.paid_in_full ? 'Paid In Full' : 'Outstanding Balance'}
      </p>
    </section>
  );
}
