/**
 * The IP Addresses tab (pos-back-office.md §2, §3 "Customer IP", §4 "IP ban/unban toggle per row
 * with per-row loading", §9 pages of 10 ascending by date_added): the addresses this customer's
 * shopper account used, how many accounts were seen at each (a link to the customers list filtered
 * by it), ban and unban, and where an address is on demand. Online only: the addresses live on the
 * server (docs/decisions/pos.md "Customer IP addresses and tags"); offline the tab says so.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { customerIpsQueryOptions, setIpBanned } from '../../../api/customer-ip';
import type { CustomerIpRow, CustomerIpSort } from '../../../contracts/customer-ip';
import { CUSTOMER_NOT_FOUND } from '../../../domain/mutations/guards';
import { useOnline } from '../../../device/use-online';
import { Button } from '../../../ui/button';
import { EmptyState, ErrorState } from '../../../ui/empty-state';
import { formatDateTime } from '../../../ui/format-date';
import { Spinner } from '../../../ui/spinner';
import { DataTable, type Column } from '../../../ui/table/data-table';
import { Pagination } from '../../../ui/table/pagination';
import type { SortState } from '../../../ui/table/sort';
import { useToast } from '../../../ui/toast/toast-context';
import type { CustomerTabProps } from '../tab-props';
import { IpLocationCell } from './ip-location';
import styles from './customer-admin-tabs.module.css';

export const IP_TAB_OFFLINE = 'IP addresses are kept on the server: connect to the network to see and ban them.';
export const IP_TAB_OFFLINE_SHOWN = 'You are offline: banning, unbanning and locating addresses need the network.';
export const NOT_ON_SERVER_YET = 'This customer is not on the server yet: it is sent when the tablet syncs.';

type Key = CustomerIpSort | 'is_banned' | 'location' | 'action';

export function IpAddressesTab({ customer }: CustomerTabProps) {
  const online = useOnline();
  const toast = useToast();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState<CustomerIpSort>>({ key: 'date_added', direction: 'asc' });
  const query = { customerId: customer.id, page, sort: sort.key, order: sort.direction };
  const list = useQuery({ ...customerIpsQueryOptions(query), enabled: online });
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const toggle = useMutation({
    mutationFn: (row: CustomerIpRow) => setIpBanned(customer.id, row.ip, !row.is_banned),
    onMutate: (row) => setBusy((b) => new Set(b).add(row.ip)),
    onSuccess: (r) => toast.success(r.success),
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Something went wrong!'),
    onSettled: async (_r, _e, row) => {
      await client.invalidateQueries({ queryKey: ['customer-ip'] });
      setBusy((b) => {
        const next = new Set(b);
        next.delete(row.ip);
        return next;
      });
    },
  });

  const columns: Column<CustomerIpRow, Key>[] = [
    { key: 'ip', header: 'IP', sortable: true, render: (r) => r.ip },
    {
      key: 'total_accounts',
      header: 'Total Accounts',
      sortable: true,
      render: (r) => (
        <Link
          className={styles.link}
          to={r.filter_ip_url}
          aria-label={`${r.total_accounts} ${r.total_accounts === 1 ? 'account' : 'accounts'} at ${r.ip}`}
        >
          {r.total_accounts}
        </Link>
      ),
    },
    { key: 'date_added', header: 'Date Added', sortable: true, render: (r) => formatDateTime(r.date_added) },
    {
      key: 'is_banned',
      header: 'Status',
      render: (r) => (r.is_banned ? <span className={styles.banned}>Banned</span> : 'Allowed'),
    },
    {
      key: 'location',
      header: 'Location',
      render: (r) => <IpLocationCell customerId={customer.id} ip={r.ip} online={online} />,
    },
    {
      key: 'action',
      header: 'Action',
      headerLabel: 'Action',
      render: (r) => {
        const loading = busy.has(r.ip);
        return (
          <Button
            variant={r.is_banned ? 'secondary' : 'danger'}
            disabled={!online || loading}
            aria-busy={loading || undefined}
            aria-label={`${r.is_banned ? 'Unban' : 'Ban'} ${r.ip}`}
            onClick={() => toggle.mutate(r)}
          >
            {loading ? (r.is_banned ? 'Unbanning…' : 'Banning…') : r.is_banned ? 'Unban' : 'Ban'}
          </Button>
        );
      },
    },
  ];

  const data = list.data;
  if (!data) {
    if (!online) return <EmptyState title={IP_TAB_OFFLINE} />;
    if (list.isError) {
      const missing = list.error instanceof ApiError && list.error.message === CUSTOMER_NOT_FOUND;
      return (
        <ErrorState message={missing ? NOT_ON_SERVER_YET : 'Something went wrong!'}>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </ErrorState>
      );
    }
    return <Spinner label="Loading IP addresses…" />;
  }
  return (
    <div className={styles.tab}>
      {!online && (
        <p className={styles.note} role="status">
          {IP_TAB_OFFLINE_SHOWN}
        </p>
      )}
      {data.results.length === 0 ? (
        <EmptyState title="There are no results." />
      ) : (
        <DataTable<CustomerIpRow, Key>
          caption="IP addresses"
          columns={columns}
          rows={data.results}
          rowKey={(r) => String(r.customer_ip_id)}
          sort={sort}
          onSortChange={(s) => {
            setSort(s as SortState<CustomerIpSort>);
            setPage(1);
          }}
        />
      )}
      <Pagination
        page={data.position}
        totalPages={data.totalPages}
        onPageChange={setPage}
        disabled={list.isFetching}
        label="IP address pages"
      />
    </div>
  );
}
