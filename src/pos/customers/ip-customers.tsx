/**
 * /pos/customer?filter_ip=: the customers list filtered by an IP address, where the IP Addresses
 * tab's "Total Accounts" links (filter_ip_url): the accounts seen at that address, from the server
 * (addresses are not on devices: docs/decisions/pos.md "Customer IP addresses and tags"). Online only.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error';
import { customersAtIp } from '../../api/search-customers';
import { useOnline } from '../../device/use-online';
import { buttonClassName } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { CustomerHitList } from './customer-hit-list';
import styles from './customers.module.css';

export function IpCustomers({ ip }: { ip: string }) {
  const online = useOnline();
  const q = useQuery({
    queryKey: ['customers-at-ip', ip],
    queryFn: ({ signal }) => customersAtIp(ip, signal),
    enabled: online,
    retry: false,
  });
  const hits = q.data;
  return (
    <section aria-labelledby="ip-customers-title" className={styles.serverHits}>
      <h2 id="ip-customers-title" className={styles.subtitle}>
        Accounts seen at {ip}
      </h2>
      <Link className={buttonClassName('ghost')} to="/pos/customer">
        Show all customers
      </Link>
      {!hits ? (
        !online ? (
          <EmptyState title="IP addresses are kept on the server: connect to the network to list these accounts." />
        ) : q.isError ? (
          <ErrorState message={q.error instanceof ApiError ? q.error.message : 'Something went wrong!'} />
        ) : (
          <Spinner label="Loading customers..." />
        )
      ) : hits.length === 0 ? (
        <EmptyState title="There are no results." />
      ) : (
        <CustomerHitList label={`Accounts seen at ${ip}`} hits={hits} />
      )}
    </section>
  );
}
