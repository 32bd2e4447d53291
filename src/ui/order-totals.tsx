import type { OrderTotals } from '../domain/totals';
import { formatUSD } from '../domain/money';
import styles from './order-totals.module.css';

export interface OrderTotalsListProps {
  /** From the domain: `totalsFromRecord(order.totals, order)` (or `computeTotals`). */
  totals: OrderTotals;
  /** Amount Paid, Balance Due / Change Due and Paid In Full / Outstanding Balance below the total. */
  payment?: boolean;
  /** Test id of the Order Total amount (screens' tests and benchmarks read it). */
  totalTestId?: string;
  label?: string;
}

/**
 * The Order Total breakdown every POS screen shows (cart, checkout, order detail): the domain's
 * rows in the domain's order (Parts, Surcharge, Labor, Tax or Tax Exempt with its number, the two
 * card surcharge rows only above 0, Order Total), then optionally what was paid and what is due.
 * One component, one source of rows, so the screens cannot disagree.
 */
export function OrderTotalsList({
  totals,
  payment = false,
  totalTestId = 'order-total',
  label = 'Order Total',
}: OrderTotalsListProps) {
  const due = totals.changeDue ?? totals.balanceDue;
  return (
    <div className={styles.totals}>
      <dl className={styles.rows} aria-label={label}>
        {totals.rows.map((r) => (
          <div
            key={r.code}
            className={r.code === 'total' ? `${styles.row} ${styles.total}` : styles.row}
            data-code={r.code}
          >
            <dt>{r.title}</dt>
            <dd data-testid={r.code === 'total' ? totalTestId : undefined}>{r.text}</dd>
          </div>
        ))}
        {payment && (
          <>
            <div className={styles.row}>
              <dt>Amount Paid</dt>
              <dd data-testid="amount-paid">{formatUSD(totals.amountPaid)}</dd>
            </div>
            <div className={`${styles.row} ${styles.total}`}>
              <dt>{totals.balanceLabel}</dt>
              <dd data-testid="balance-due">{formatUSD(due)}</dd>
            </div>
          </>
        )}
      </dl>
      {payment && (
        <p className={totals.paidInFull ? styles.paid : styles.owing} role="status" data-testid="payment-status">
          {totals.statusText}
        </p>
      )}
    </div>
  );
}
