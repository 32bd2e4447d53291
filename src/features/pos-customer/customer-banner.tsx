import { useState } from 'react';
import type { Order } from '../../domain/mutations/records';
import { uuidv7 } from '../../db/ids';
import { hasVehicle, useFitmentSnapshot } from '../fitment/fitment-store';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast/toast-context';
import { CustomerSearchModal, NewCustomerModal } from './customer-modals';
import type { RunMutation } from '../../device/use-run-mutation';
import styles from './customer-modals.module.css';

/** The vehicle text: the counter's YMM selection (the cart reply's ymm_vehicle), or that there is none. */
function BannerVehicle() {
  const { vehicle } = useFitmentSnapshot();
  const label = hasVehicle(vehicle) ? vehicle?.label : '';
  return (
    <span className={styles.bannerVehicle} data-testid="banner-vehicle">
      {label ? `Vehicle: ${label}` : 'No vehicle selected'}
    </span>
  );
}

/**
 * The POS customer banner (§2): the customer's name (opens their edit screen in a new tab), the
 * vehicle text, and Remove Customer, or a customer picker (search, or New Customer) when the cart
 * has none.
 */
export function CustomerBanner({
  order,
  ensureCart,
  run,
}: {
  order: Order | null;
  ensureCart: () => Promise<string | null>;
  run: RunMutation;
}) {
  const toast = useToast();
  const [searching, setSearching] = useState(false);
  const [creating, setCreating] = useState(false);

  const attach = async (customerRef: string): Promise<boolean> => {
    const orderRef = await ensureCart();
    return orderRef !== null && run('order.setCustomer', { order_ref: orderRef, customer_ref: customerRef });
  };

  if (order?.customer_ref) {
    const link = `/pos/customer/edit?customer_id=${encodeURIComponent(String(order.customer_id ?? order.customer_ref))}`;
    return (
      <div className={styles.banner} aria-label="Customer">
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          className={styles.bannerName}
          aria-label={`${order.customer_name ?? 'Customer'} (opens the customer in a new tab)`}
        >
          {order.customer_name}
        </a>
        <BannerVehicle />
        <Button variant="secondary" onClick={() => void run('order.removeCustomer', { order_ref: order.id })}>
          Remove Customer
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.banner} aria-label="Customer">
      <span className={styles.muted}>No customer on this sale</span>
      <BannerVehicle />
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
          // The address the form checked (when the shop requires one) goes with the customer.
          const addresses = v.addresses.map((a) => ({ ...a, address_id: a.address_id ?? uuidv7() }));
          if (!(await run('customer.create', { id, ...v, addresses }))) return false;
          toast.success('Customer successfully saved!');
          return attach(id);
        }}
      />
    </div>
  );
}
