import type { OrderTotals } from '../domain/totals';
import { formatUSD } from '../domain/money';
import type { OrderStatus } from '../domain/mutations/records';
import { settlementOf } from '../domain/settlement';
import styles from './order-totals.module.css';

export interface OrderTotalsListProps {
  /** From the domain: `totalsFromRecord(order.totals, order)` (or `computeTotals`). */
  totals: OrderTotals;
  /** Amount Paid, Balance Due / Change Due and Paid In Full / Outstanding Balance below the total. */
  payment?: boolean;
  /** Test id of the Order Total amount (screens' tests and benchmarks read it). */
  totalTestId?: string;
  label?: string;
  /** The order's status: a voided order shows what is owed back (Refund Due) instead of a balance. */
  status?: OrderStatus;
  /** Receipt wording ("Payment Processed") instead of the checkout's ("Paid In Full"). */
  receipt?: boolean;
}

/**
 * The Order Total breakdown every POS screen shows (cart, checkout, order detail): the domain's
 * rows in the domain's order (Parts, Surcharge, Labor, Tax or Tax Exempt with its number, the two
 * card surcharge rows only above 0, Order Total), then optionally what was paid and what is due.
 * One component, one source of rows, so the screens cannot disagree (the receipt and invoice too).
 */
export function OrderTotalsList({
  totals,
  payment = false,
  totalTestId = 'order-total',
  label = 'Order Total',
  status = 'complete',
  receipt = false,
}: OrderTotalsListProps) {
  const s = settlementOf(totals, status);
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
              <dt>{s.label}</dt>
              <dd data-testid="balance-due">{formatUSD(s.amount)}</dd>
            </div>
          </>
        )}
      </dl>
      {payment && (
        <p className={styles[s.tone]} role="status" data-testid="payment-status">
          {receipt ? s.receiptText : s.statusText}
        </p>
      )}
    </div>
  );
}
