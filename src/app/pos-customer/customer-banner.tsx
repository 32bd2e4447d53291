import { useState } from 'react';
import type { Order } from '../../domain/mutations/records';
import { uuidv7 } from '../../db/ids';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast/toast-context';
import { CustomerSearchModal, NewCustomerModal } from './customer-modals';
import type { RunMutation } from '../sync/use-run-mutation';
import styles from './customer-modals.module.css';

/**
 * The POS customer banner: the customer's name (opens their record in a new tab) and Remove
 * Customer, or a customer picker (search, or New Customer) when the cart has none.
 */
export function CustomerBanner({ order, ensureCart, run }: { order: Order | null; ensureCart: () => Promise<string | null>; run: RunMutation }) {
  const toast = useToast();
  const [searching, setSearching] = useState(false);
  const [creating, setCreating] = useState(false);

  const attach = async (customerRef: string): Promise<boolean> => {
    const orderRef = await ensureCart();
    return orderRef !== null && run('order.setCustomer', { order_ref: orderRef, customer_ref: customerRef });
  };

  if (order?.customer_ref) {
    const link = `/pos/customer/edit?customer_id=${order.customer_id ?? order.customer_ref}`;
    return (
      <div className={styles.banner} aria-label="Customer">
        <a href={link} target="_blank" rel="noreferrer" className={styles.bannerName}>
          {order.customer_name}
        </a>
        <Button variant="secondary" onClick={() => void run('order.removeCustomer', { order_ref: order.id })}>
          Remove Customer
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.banner} aria-label="Customer">
      <span className={styles.muted}>No customer on this sale</span>
      <Button variant="secondary" onClick={() => setSearching(true)}>
        Add Customer
      </Button>
      <CustomerSearchModal
        open={searching}
        onOpenChange={setSearching}
        onSelect={(c) => attach(c.id)}
        onNewCustomer={() => {
          setSearching(false);
          setCreating(true);
        }}
      />
      <NewCustomerModal
        open={creating}
        onOpenChange={setCreating}
        onSave={async (v) => {
          const id = uuidv7();
          if (!(await run('customer.create', { id, ...v, addresses: [] }))) return false;
          toast.success('Customer successfully saved!');
          return attach(id);
        }}
      />
    </div>
  );
}
