import { useContext } from 'react';
import { Link, NavLink } from 'react-router';
import { findOrder } from '../db/queries';
import { editableStatuses } from '../domain/mutations/records';
import { totalItems } from '../domain/totals';
import { setKioskDevice, useKioskDevice } from '../features/session/mode';
import { useCartRef } from '../device/pos-cart-ref';
import { deviceDb } from '../device/device-db';
import { useLiveQuery } from '../device/use-live-query';
import { SyncContext } from '../device/sync-context';
import { SyncProvider } from '../device/sync-provider';
import { SyncStatusArea } from '../features/sync-status/sync-status-area';
import { SignOutButton } from '../features/session/sign-out-button';
import { useSession } from '../features/session/use-session';
import bar from '../ui/bar-button.module.css';
import styles from './shell.module.css';

/**
 * The POS top bar (loaded lazily: shoppers never download it). Also shown over the catalog when
 * staff browse it, since staff stay in POS mode there: that layout has no SyncProvider, so the bar
 * brings its own (the worker itself is one per tab either way).
 */
export function PosTopBar() {
  const sync = useContext(SyncContext);
  if (sync) return <Bar />;
  return (
    <SyncProvider>
      <Bar />
    </SyncProvider>
  );
}

/** The bar's links in order; 'cart' is the Cart link with the sale's item count. */
const NAV: readonly ({ to: string; label: string; roles?: readonly string[] } | 'cart')[] = [
  { to: '/pos/order', label: 'Orders' },
  'cart',
  { to: '/product/catalog', label: 'Catalog' },
  { to: '/pos/customer', label: 'Customers' },
  { to: '/pos/appointments', label: 'Appointments' },
  { to: '/pos/gift-certificates', label: 'Gift Certificates' },
  { to: '/pos/notifications', label: 'Outbox', roles: ['admin', 'cashier'] },
  { to: '/pos/settings', label: 'Settings' },
];

function Bar() {
  const { user } = useSession();
  const kiosk = useKioskDevice();

  return (
    <header className={styles.bar}>
      <Link to="/pos/order" className={styles.brand}>
        Partsdesk POS
      </Link>
      <nav aria-label="POS">
        <ul className={styles.nav}>
          {NAV.map((item) =>
            item === 'cart' ? (
              <li key={item}>
                <CartLink userId={user?.id ?? null} />
              </li>
            ) : !item.roles || (user && item.roles.includes(user.role)) ? (
              <li key={item.to}>
                <NavLink to={item.to} className={styles.navLink}>
                  {item.label}
                </NavLink>
              </li>
            ) : null,
          )}
        </ul>
      </nav>
      <div className={styles.end}>
        <SyncStatusArea />
        <button
          type="button"
          className={bar.barButton}
          aria-pressed={kiosk}
          title="When on, this device shows the showroom kiosk after staff log out"
          onClick={() => setKioskDevice(!kiosk)}
        >
          Kiosk device
        </button>
        {user && <span className={styles.user}>{user.name}</span>}
        <SignOutButton className={bar.barButton} />
      </div>
    </header>
  );
}

/** Cart with the count of items on this counter's sale (the device's draft order), live as it changes. */
function CartLink({ userId }: { userId: string | null }) {
  const cartRef = useCartRef(userId);
  const count = useLiveQuery(async () => {
    const view = cartRef ? await findOrder(deviceDb(), cartRef) : null;
    return view && editableStatuses.includes(view.order.status) ? totalItems(view.order.lines) : 0;
  }, [cartRef]);
  const n = count.data ?? 0;
  return (
    <NavLink to="/pos/cart" className={styles.navLink} aria-label={`Cart, ${n} item${n === 1 ? '' : 's'}`}>
      Cart{' '}
      <span className={styles.count} data-testid="pos-cart-count">
        {n}
      </span>
    </NavLink>
  );
}
