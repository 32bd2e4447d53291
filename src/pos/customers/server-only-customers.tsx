/**
 * Customers the server found that this device has not pulled yet: name, email and edit link.
 * They cannot be assigned to the cart until the device holds them (the order.setCustomer mutation
 * runs on the device's copy first); the next pull brings them.
 */
import type { CustomerSearchReply } from '../../contracts/pos-order';
import { CustomerHitList } from './customer-hit-list';
import styles from './customers.module.css';

export function ServerOnlyCustomers({ hits }: { hits: CustomerSearchReply }) {
  if (hits.length === 0) return null;
  return (
    <section aria-labelledby="server-customers-title" className={styles.serverHits}>
      <h2 id="server-customers-title" className={styles.subtitle}>
        On the server, not on this device yet
      </h2>
      <p className={styles.muted}>They can be assigned to a cart once this device has synced them.</p>
      <CustomerHitList label="Customers on the server" hits={hits} />
    </section>
  );
}
