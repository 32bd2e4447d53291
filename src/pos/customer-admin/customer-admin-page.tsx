/**
 * /pos/customer/add and /pos/customer/edit?customer_id= (pos-back-office.md §2 "Customer form"):
 * the customer admin screen. Tabs General, Orders, Vehicles (only when enabled), Returns, History,
 * Credits, IP Addresses, Tags; the selected tab is `tab` in the URL. A new customer has only
 * General until it is saved. Each tab is its own lazily loaded module under ./tabs.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFitmentSnapshot } from '../../features/fitment/fitment-store';
import { buttonClassName } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import tabStyles from '../../ui/tabs.module.css';
import type { CustomerTabProps } from './tab-props';
import { useAdminCustomer } from './use-admin-customer';
import styles from './customer-admin.module.css';

export const CUSTOMER_TABS = ['general', 'orders', 'vehicles', 'returns', 'history', 'credits', 'ip', 'tags'] as const;
export type CustomerTabKey = (typeof CUSTOMER_TABS)[number];

const LABELS: Record<CustomerTabKey, string> = {
  general: 'General',
  orders: 'Orders',
  vehicles: 'Vehicles',
  returns: 'Returns',
  history: 'History',
  credits: 'Credits',
  ip: 'IP Addresses',
  tags: 'Tags',
};

const GeneralPanel = lazy(async () => ({ default: (await import('./tabs/general-tab')).GeneralTab }));
const PANELS: Record<Exclude<CustomerTabKey, 'general'>, ComponentType<CustomerTabProps>> = {
  orders: lazy(async () => ({ default: (await import('./tabs/orders-tab')).OrdersTab })),
  vehicles: lazy(async () => ({ default: (await import('./tabs/vehicles-tab')).VehiclesTab })),
  returns: lazy(async () => ({ default: (await import('./tabs/returns-tab')).ReturnsTab })),
  history: lazy(async () => ({ default: (await import('./tabs/history-tab')).HistoryTab })),
  credits: lazy(async () => ({ default: (await import('./tabs/credits-tab')).CreditsTab })),
  ip: lazy(async () => ({ default: (await import('./tabs/ip-tab')).IpAddressesTab })),
  tags: lazy(async () => ({ default: (await import('./tabs/tags-tab')).TagsTab })),
};

const isTab = (s: string | null): s is CustomerTabKey => CUSTOMER_TABS.includes(s as CustomerTabKey);

export function CustomerAdminPage() {
  const [params, setParams] = useSearchParams();
  const param = params.get('customer_id');
  const found = useAdminCustomer(param);
  const tabParam = params.get('tab');
  // Vehicles only when enabled (§2): hidden when the shop's fitment settings turn year/make/model off
  // (docs/decisions/pos.md "Customer vehicles and credits"); shown while they are unknown (offline).
  const vehiclesOn = useFitmentSnapshot().config?.ymm_enabled !== false;
  const tabs = CUSTOMER_TABS.filter((k) => k !== 'vehicles' || vehiclesOn);
  const tab: CustomerTabKey = isTab(tabParam) && tabs.includes(tabParam) ? tabParam : 'general';
  const select = (key: CustomerTabKey) => {
    const next = new URLSearchParams(params);
    if (key === 'general') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true });
  };

  if (param !== null && found.loading) return <Spinner label="Loading customer…" />;
  if (found.error) return <ErrorState message="Something went wrong!" />;
  const customer = found.data ?? null;
  if (param !== null && !customer) {
    return (
      <EmptyState title="Customer not found">
        <Link className={buttonClassName('primary')} to="/pos/customer">
          Back to Customers
        </Link>
      </EmptyState>
    );
  }
  const shown: CustomerTabKey = customer ? tab : 'general';
  const Panel = shown === 'general' ? null : PANELS[shown];
  const title = customer ? `${customer.firstname} ${customer.lastname}`.trim() || 'Customer' : 'Add Customer';
  return (
    <section className={styles.page} aria-labelledby="customer-admin-title">
      <h1 id="customer-admin-title" className={styles.title}>
        {title}
      </h1>
      <Tabs.Root value={shown} onValueChange={(v) => select(v as CustomerTabKey)} activationMode="manual">
        <Tabs.List className={tabStyles.tabList} aria-label="Customer">
          {tabs.map((key) => (
            <Tabs.Trigger key={key} value={key} className={tabStyles.tab} disabled={!customer && key !== 'general'}>
              {LABELS[key]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={shown}>
          <Suspense fallback={<Spinner label="Loading…" />}>
            {Panel && customer ? <Panel customer={customer} /> : <GeneralPanel customer={customer} />}
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
