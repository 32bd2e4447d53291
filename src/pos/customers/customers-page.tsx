/**
 * /pos/customer: the customers list (§2). Search by name, email or phone (with or without its
 * formatting) over the device's customers, so it works offline; online, customers the server finds
 * that this device has not pulled yet are listed under it. Search text and page live in the URL.
 * docs/decisions/pos.md "Customers list".
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loadCustomerIndex, searchCustomerIndex, type CustomerListRow } from '../../db/customers-list';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { CUSTOMER_SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { buttonClassName } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { Pagination } from '../../ui/table/pagination';
import { CustomersTable } from './customers-table';
import { IpCustomers } from './ip-customers';
import { ServerOnlyCustomers } from './server-only-customers';
import { useAssignToCart } from '../../features/pos-customer/use-assign-to-cart';
import { useServerCustomers } from './use-server-customers';
import { PageHeader } from '../../ui/page-header';
import { CustomerSearchField } from '../../features/pos-customer/customer-search-field';
import styles from './customers.module.css';

/** §8 "Customer list failure". */
export const CUSTOMER_LIST_FAILED = 'Something went wrong!';

export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const s = params.get('s') ?? '';
  // The IP Addresses tab's filter_ip_url: the accounts seen at one address instead of the search.
  const filterIp = params.get('filter_ip');
  const page = Number(params.get('page') ?? '1') || 1;
  const [text, setText] = useState(s);
  const [busy, setBusy] = useState<string | null>(null);
  const assign = useAssignToCart();

  // The URL follows the typing after the spec's search debounce (§9: 500 ms); a new search is page 1.
  useEffect(() => {
    if (text === s) return;
    const t = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (text.trim() === '') next.delete('s');
      else next.set('s', text);
      next.delete('page');
      setParams(next, { replace: true });
    }, CUSTOMER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, s, params, setParams]);

  const index = useLiveQuery(() => loadCustomerIndex(deviceDb()), []);
  const list = useMemo(() => (index.data ? searchCustomerIndex(index.data, { s, page }) : null), [index.data, s, page]);
  const server = useServerCustomers(s, index.data?.ids);

  const onAssign = (c: CustomerListRow) => {
    setBusy(c.id);
    void assign(c.id).finally(() => setBusy(null));
  };
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };

  return (
    <section aria-labelledby="customers-title">
      <PageHeader titleId="customers-title" title="Customers" classNames={styles}>
        <Link className={buttonClassName('secondary')} to="/pos/customer/add">
          Add Customer
        </Link>
      </PageHeader>
      <form role="search" className={styles.search} onSubmit={(e) => e.preventDefault()}>
        <CustomerSearchField label="Search customers" value={text} onChange={setText} />
      </form>
      {filterIp !== null ? (
        <IpCustomers ip={filterIp} />
      ) : index.error ? (
        <ErrorState message={CUSTOMER_LIST_FAILED} />
      ) : !list ? (
        <Spinner label="Loading customers..." />
      ) : (
        <>
          <p className={styles.muted} aria-live="polite">
            {list.total === 1 ? '1 customer' : `${list.total.toLocaleString('en-US')} customers`}
            {s.trim() ? ` match "${s.trim()}"` : ''}
          </p>
          {list.total === 0 && server.hits.length === 0 ? (
            <EmptyState title="There are no results." />
          ) : (
            list.total > 0 && <CustomersTable rows={list.customers} onAssign={onAssign} busy={busy} />
          )}
          <Pagination page={list.page} totalPages={list.totalPages} onPageChange={goTo} label="Customers pages" />
          <ServerOnlyCustomers hits={server.hits} />
        </>
      )}
    </section>
  );
}
