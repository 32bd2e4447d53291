/**
 * Where the orders list comes from: the server (GET /api/order) while it answers, the device store
 * (src/db/orders-list.ts) while the device is offline or the call never reached the server. Back
 * online, the server's list is fetched again by itself: nobody has to press Try again.
 * docs/decisions/pos.md "Orders list offline".
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/api-error';
import { ordersQueryOptions } from '../../api/get-orders';
import { deviceOrdersList, type DeviceOrdersQuery } from '../../db/orders-list';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { useOnline } from '../../device/use-online';
import { useRefetchOnPull } from '../../device/use-refetch-on-pull';
import { onlineOrderStore } from '../../domain/online-orders';
import { useSession } from '../../features/session/use-session';
import type { ListedOrders } from './orders-params';

export interface OrdersListState {
  data: ListedOrders | undefined;
  /** The list is the device's own (offline): pending orders are in it, marked. */
  fromDevice: boolean;
  loading: boolean;
  busy: boolean;
  error: Error | null;
  retry: () => void;
}

export function useOrdersList(query: DeviceOrdersQuery): OrdersListState {
  const online = useOnline();
  const client = useQueryClient();
  // The Online tab's store offline, as the server derives it from the session online.
  const { user } = useSession();
  const onlineStore = user ? onlineOrderStore({ role: user.role, locationId: user.locationId ?? null }) : null;
  const server = useQuery({ ...ordersQueryOptions(query), enabled: online });
  // Another tablet's sale, once this device pulled it (a poke: docs/decisions/sync.md "Poke").
  useRefetchOnPull(['orders']);

  // Reconnected: whatever the server list was (failed, or from before the cut), ask again.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void client.invalidateQueries({ queryKey: ['orders'] });
    wasOnline.current = online;
  }, [online, client]);

  const unreachable = server.isError && server.error instanceof ApiError && server.error.isNetwork;
  const fromDevice = !online || unreachable;
  const device = useLiveQuery(
    () => (fromDevice ? deviceOrdersList(deviceDb(), query, onlineStore) : Promise.resolve(undefined)),
    [fromDevice, query, onlineStore],
  );
  if (fromDevice)
    return {
      data: device.data,
      fromDevice,
      loading: device.loading,
      busy: false,
      error: device.error,
      retry: () => void server.refetch(),
    };
  return {
    data: server.data,
    fromDevice,
    loading: server.isPending,
    busy: server.isFetching,
    error: server.isError ? server.error : null,
    retry: () => void server.refetch(),
  };
}
