import type { Order } from '../../domain/mutations/records';
import { totalsFromRecord } from '../../domain/totals';
import { OrderTotalsList } from '../../ui/order-totals';
import styles from './checkout.module.css';

/** The checkout's Order Total card: the shared breakdown with Amount Paid, Balance / Change Due and the paid status. */
export function OrderTotalPanel({ order }: { order: Order }) {
  return (
    <section aria-labelledby="total-title" className={styles.card}>
      <h2 id="total-title">Order Total</h2>
      <OrderTotalsList totals={totalsFromRecord(order.totals, order)} payment status={order.status} />
    </section>
  );
}
