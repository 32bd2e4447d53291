/**
 * Customers the server finds for the search text that this device does not hold yet (made on
 * another tablet since the last pull): GET /pos/customer/search, asked only online and only for a
 * search. Offline, or when the call fails, the device's list stands alone.
 */
import { useQuery } from '@tanstack/react-query';
import { searchServerCustomers } from '../../api/search-customers';
import type { CustomerSearchReply } from '../../contracts/pos-order';
import { useOnline } from '../../device/use-online';

export interface ServerCustomers {
  hits: CustomerSearchReply;
  failed: boolean;
}

export function useServerCustomers(s: string, onDevice: ReadonlySet<string> | undefined): ServerCustomers {
  const online = useOnline();
  const text = s.trim();
  const q = useQuery({
    queryKey: ['customer-search', text],
    queryFn: ({ signal }) => searchServerCustomers(text, signal),
    enabled: online && text !== '' && onDevice !== undefined,
    retry: false,
    staleTime: 30_000,
  });
  const hits = online && text !== '' && onDevice ? (q.data ?? []).filter((c) => !onDevice.has(c.id)) : [];
  return { hits, failed: online && q.isError };
}
