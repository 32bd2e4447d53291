import { decimal, toWire } from '../../domain/money';
import type { Order, Transaction } from '../../domain/mutations/records';
import { isTerminalCard } from '../../domain/mutations/transactions';
import { paymentsToRefund, settlementOf } from '../../domain/settlement';
import { totalsFromRecord } from '../../domain/totals';
import { useOnline } from '../../device/use-online';
import type { RunMutation } from '../../device/use-run-mutation';
import { useVoidPayments } from '../../features/pos-order/use-void-payments';
import { Button } from '../../ui/button';
import { Money } from '../../ui/money';
import styles from './order-view.module.css';

export const REFUND_HOW =
  'Give the money back by voiding each payment; a card taken on the terminal is refunded to the card (Void/Return).';

/** What the customer paid with a payment: its amount plus any card surcharge and its tax. */
const paidWith = (t: Transaction): string =>
  toWire(decimal(t.amount).plus(decimal(t.surcharge)).plus(decimal(t.surcharge_tax)));

/**
 * A voided order's settlement (docs/decisions/pos.md "A voided order's refund due"): "Refund due $X"
 * with the payments still standing and the action that gives each back (Void, or Void/Return for
 * a terminal card, which needs the network); "Order voided: nothing is owed" once none stands.
 */
export function RefundDueSection(props: { order: Order; transactions: readonly Transaction[]; run: RunMutation }) {
  const online = useOnline();
  const { voidOne } = useVoidPayments(props.order.id, props.run, online);
  const s = settlementOf(totalsFromRecord(props.order.totals, props.order), props.order.status);
  const owed = paymentsToRefund(props.order.status, props.transactions);
  return (
    <section
      aria-labelledby="refund-title"
      className={s.tone === 'refund' ? `${styles.card} ${styles.refund}` : styles.card}
    >
      <h2 id="refund-title" data-testid="refund-due">
        {s.statusText}
      </h2>
      {owed.length > 0 && (
        <>
          <p className={styles.muted}>{REFUND_HOW}</p>
          <ul className={styles.refundList}>
            {owed.map((t) => (
              <li key={t.id}>
                <span>
                  {t.transaction_label || t.transaction_type} <Money amount={paidWith(t)} />
                </span>
                <Button
                  variant="secondary"
                  onClick={() => void voidOne(t)}
                  aria-label={`${isTerminalCard(t) ? 'Void/Return' : 'Void'} ${t.transaction_label} ${paidWith(t)}`}
                >
                  {isTerminalCard(t) ? 'Void/Return' : 'Void'}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
