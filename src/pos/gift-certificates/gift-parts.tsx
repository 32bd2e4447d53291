/** Small pieces the gift certificate screen's detail and list share. */
import { Link } from 'react-router';
import type { GiftOrder } from '../../contracts/gift-certificate';
import styles from './gift-certificates.module.css';

export const orderLabel = (o: GiftOrder): string =>
  `Order #${o.order_id ?? o.order_ref.slice(0, 8)}${o.customer_name ? ` (${o.customer_name})` : ''}`;

export const orderLink = (o: GiftOrder): string =>
  `/pos/order/view?order_id=${encodeURIComponent(String(o.order_id ?? o.order_ref))}`;

/** The order as a link, with the store it was taken at under it (where a certificate was sold or spent). */
export function OrderAt({ order }: { order: GiftOrder }) {
  return (
    <>
      <Link to={orderLink(order)}>{orderLabel(order)}</Link>
      {order.store_name && <span className={styles.store}>at {order.store_name}</span>}
    </>
  );
}

/** Active or Void, in words (colour is never the only signal). */
export function GiftStatus({ status }: { status: 'active' | 'void' }) {
  return (
    <span className={`${styles.status} ${status === 'active' ? styles.active : styles.void}`}>
      {status === 'active' ? 'Active' : 'Void'}
    </span>
  );
}
