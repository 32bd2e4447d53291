import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { onlineOrderStep, pickListQueryOptions } from '../../api/online-orders';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { useOnline } from '../../device/use-online';
import { ONLINE_ACTION_LABELS, type OnlineAction } from '../../domain/online-orders';
import { Button, buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
import { useToast } from '../../ui/toast/toast-context';
import { devicePickList } from './device-pick-list';
import styles from './pick-list.module.css';

/** Text when the pick list cannot be read: the counter is offline and its cache has no such online order. */
export const PICK_LIST_OFFLINE =
  'The pick list needs a connection to the server. Try again when this device is online.';

/** Shown over the device's copy: the list is there, the steps wait for the server. */
export const PICK_LIST_DEVICE_COPY =
  "Offline: this is the device's copy of the pick list. Ready for pickup, Handed over and Shipped need a connection to the server.";

/**
 * /pos/order/pick?order_id={n} (ours: docs/decisions/pos.md "Online orders at the counter"): a
 * storefront order's pick list, printable (lines and quantities, where it goes), with the step the
 * order is at: Ready for pickup (the shopper is told), Handed over, or Shipped. The buttons are
 * the server's `actions` for this staff member; each step is checked again by the server.
 * Offline (or the server unreachable) the list is built from the device cache (device-pick-list.ts),
 * printable, without the steps (docs/decisions/pos.md "The pick list offline").
 */
export function PickListPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order_id'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const client = useQueryClient();
  const toast = useToast();
  const online = useOnline();
  const q = useQuery({ ...pickListQueryOptions(orderId), enabled: valid });
  const unreachable = !online || (q.isError && q.error instanceof ApiError && q.error.isNetwork);
  const device = useLiveQuery(
    () => (valid && unreachable ? devicePickList(deviceDb(), orderId) : Promise.resolve(null)),
    [orderId, valid && unreachable],
  );
  const step = useMutation({
    mutationFn: (action: OnlineAction) => onlineOrderStep(orderId, action),
    networkMode: 'always',
    onSuccess: (r) => toast.success(r.success),
    onError: (err) => toast.error(err instanceof ApiError && !err.isNetwork ? err.message : PICK_LIST_OFFLINE),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['pick-list', orderId] }),
        client.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });

  if (!valid) return <EmptyState title="There is no order to show." />;
  const copy = unreachable ? device.data : null;
  if (unreachable ? device.loading : q.isPending) return <Spinner />;
  if (!copy && (unreachable || q.isError))
    return (
      <EmptyState title={q.error instanceof ApiError && !q.error.isNetwork ? q.error.message : PICK_LIST_OFFLINE}>
        <Link className={buttonClassName('secondary')} to="/pos/order?status=online">
          Online Orders
        </Link>
      </EmptyState>
    );
  const p = copy ?? q.data;
  if (!p) return <Spinner />;
  return (
    <section className={styles.page} aria-labelledby="pick-title">
      <div className={styles.header}>
        <h1 id="pick-title" className={styles.title}>
          Pick List - Order # {p.order_id}
        </h1>
        <StatusBadge name={p.order_status} color={null} textColor={null} />
      </div>
      {copy && (
        <p className={styles.notice} role="status">
          {PICK_LIST_DEVICE_COPY}
        </p>
      )}
      <div className={styles.meta}>
        <div>
          <h2 className={styles.label}>{p.fulfilment === 'pickup' ? 'Pickup at' : 'Ship to'}</h2>
          {p.fulfilment === 'pickup' ? (
            <p>{p.store.name}</p>
          ) : (
            <address className={styles.address}>
              {(p.shipping_address ?? []).map((l) => (
                <span key={l}>{l}</span>
              ))}
            </address>
          )}
        </div>
        <div>
          <h2 className={styles.label}>Customer</h2>
          <p>
            {p.customer.name}
            <br />
            {p.customer.email}
            {p.customer.telephone && (
              <>
                <br />
                {p.customer.telephone}
              </>
            )}
          </p>
        </div>
        <div>
          <h2 className={styles.label}>Placed</h2>
          <p>{new Date(p.date_added).toLocaleString('en-US')}</p>
        </div>
      </div>
      <table className={styles.lines} aria-label="Items to pick">
        <thead>
          <tr>
            <th scope="col">Qty</th>
            <th scope="col">Item</th>
            <th scope="col">Part #</th>
            <th scope="col" className={styles.tick}>
              Picked
            </th>
          </tr>
        </thead>
        <tbody>
          {p.lines.map((l, i) => (
            <tr key={`${l.name}-${i}`}>
              <td className={styles.qty}>{l.quantity}</td>
              <td>
                {l.name}
                {l.options.map((o) => (
                  <div key={o} className={styles.option}>
                    {o}
                  </div>
                ))}
              </td>
              <td>{l.mpn || l.model}</td>
              <td className={styles.tick}>
                <span className={styles.box} aria-hidden="true" />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{p.total_items}</th>
            <td colSpan={3}>
              {p.total_items === 1 ? 'item' : 'items'} · order total {p.total_text} (paid online)
            </td>
          </tr>
        </tfoot>
      </table>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => window.print()}>
          Print Pick List
        </Button>
        {p.actions.map((a) => (
          <Button key={a} disabled={step.isPending} onClick={() => step.mutate(a)}>
            {ONLINE_ACTION_LABELS[a]}
          </Button>
        ))}
        <Link className={buttonClassName('ghost')} to={`/pos/order/view?order_id=${p.order_id}`}>
          View Order
        </Link>
      </div>
    </section>
  );
}
