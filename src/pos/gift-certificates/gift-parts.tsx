/** Small pieces the gift certificate screen's detail and list share. */
import type { GiftOrder } from '../../contracts/gift-certificate';
import styles from './gift-certificates.module.css';

export const orderLabel = (o: GiftOrder): string =>
  `Order #${o.order_id ?? o.order_ref.slice(0, 8)}${o.customer_name ? ` (${o.customer_name})` : ''}`;

export const orderLink = (o: GiftOrder): string =>
  `/pos/order/view?order_id=${encodeURIComponent(String(o.order_id ?? o.order_ref))}`;

/** Active or Void, in words (colour is never the only signal). */
export function GiftStatus({ status }: { status: 'active' | 'void' }) {
  return (
    <span className={`${styles.status} ${status === 'active' ? styles.active : styles.void}`}>
      {status === 'active' ? 'Active' : 'Void'}
    </span>
  );
}
