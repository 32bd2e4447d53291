import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { accountOrdersQueryOptions } from '../../api/online-orders';
import { itemsCount } from '../../domain/plurals';
import { useSession } from '../../features/session/use-session';
import { useRefundEvents } from '../../features/marketing/refund-events';
import { buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import styles from './account-orders.module.css';
import { LoginPrompt } from '../../features/login/login-prompt';

/**
 * /account/order (ours: docs/decisions/storefront.md "Online orders and fulfilment"): the signed-in
 * shopper's orders and where each one is. The server lists the session's customer only. Its online
 * orders' returns are sent to the tag manager as `refund`, once per browser.
 */
export function AccountOrdersPage() {
  const { user } = useSession();
  const customer = user?.role === 'customer';
  const q = useQuery({ ...accountOrdersQueryOptions, enabled: customer });
  // Returns taken at the counter reach the tag manager from here (docs/decisions/storefront.md "Refund events").
  useRefundEvents(customer ? q.data?.orders : undefined);
  if (!customer) return <LoginPrompt title="Please log in to see your orders." className={styles.page} />;
  if (q.isPending) return <Spinner />;
  if (q.isError)
    return (
      <section className={styles.page}>
        <EmptyState title="Your orders could not be loaded. Check your connection and try again." />
      </section>
    );
  return (
    <section className={styles.page} aria-labelledby="orders-title">
      <h1 id="orders-title" className={styles.heading}>
        Order History
      </h1>
      {q.data.orders.length === 0 ? (
        <EmptyState title="You have not made any orders yet.">
          <Link to="/product/catalog" className={buttonClassName('primary')}>
            Continue Shopping
          </Link>
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Your orders">
          {q.data.orders.map((o) => (
            <li key={o.order_id} className={styles.order}>
              <div className={styles.top}>
                <strong>Order # {o.order_id}</strong>
                <span className={styles.status}>{o.order_status}</span>
              </div>
              <div className={styles.detail}>
                {new Date(o.date_added).toLocaleDateString('en-US')} · {itemsCount(o.total_items)} · {o.total_text}
              </div>
              {o.fulfilment && (
                <div className={styles.detail}>
                  {o.fulfilment === 'pickup' ? `Pickup at ${o.store ?? 'the store'}` : 'Shipping'}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
