import { useCallback, useEffect, useMemo, useState } from 'react';
import { getInventoryDetails, orderFromDistributor } from '../../api/distributor';
import { ApiError } from '../../api/api-error';
import { DISTRIBUTOR_ERROR, type PurchaseOrder } from '../../contracts/distributor';
import { uuidv7 } from '../../db/ids';
import {
  chooseWarehouse,
  defaultWarehouse,
  orderForm,
  setQuantity,
  yourCost,
  type DistributorRow,
} from '../../domain/distributor';
import { formatUSD } from '../../domain/money';
import type { Order } from '../../domain/mutations/records';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast/toast-context';
import { TableHead } from '../../ui/table/table-head';
import { PurchaseOrderList } from '../../features/pos-order/purchase-order-list';
import styles from './distributor.module.css';

/** The parts of an order a distributor can know: catalog lines with a brand code and part number. */
function partsOf(order: Order): { aaia: string; mpn: string; quantity: number }[] {
  const byKey = new Map<string, { aaia: string; mpn: string; quantity: number }>();
  for (const l of order.lines) {
    if (l.kind !== 'product' || !l.aaia || !l.mpn) continue;
    const k = `${l.aaia}~${l.mpn}`;
    const prev = byKey.get(k);
    byKey.set(k, { aaia: l.aaia, mpn: l.mpn, quantity: (prev?.quantity ?? 0) + l.quantity });
  }
  return [...byKey.values()];
}

type Load =
  { state: 'loading' } | { state: 'error' } | { state: 'ready'; rows: DistributorRow[]; warehouseApi: boolean };

/**
 * "Order From Your Distributor" on the checkout (pos-back-office.md §3 POS checkout page, §4, §5;
 * docs/decisions/distributor.md): Product, Quantity, Stock, Cost, WD Quantity/Location, and the
 * footer "Your Cost". Each row starts at what the shop's own shelf is short of (clamped to the
 * warehouse that has the part); changing the warehouse clamps the quantity. The refresh shows only
 * when the warehouse API is active. Ordering needs the network (the distributor is online).
 */
export function DistributorTable({ order, online }: { order: Order; online: boolean }) {
  const toast = useToast();
  const parts = useMemo(() => partsOf(order), [order]);
  const partsKey = parts.map((p) => `${p.aaia}~${p.mpn}~${p.quantity}`).join('|');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [submitting, setSubmitting] = useState(false);
  const [requestId, setRequestId] = useState(() => uuidv7());
  const [placed, setPlaced] = useState<PurchaseOrder[]>([]);

  const fetchRows = useCallback(
    async (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      try {
        const reply = await getInventoryDetails(
          parts.map(({ aaia, mpn }) => ({ aaia, mpn })),
          signal,
        );
        const rows = reply.Items.map((item) => {
          const wanted = parts.find((p) => p.aaia === item.aaia && p.mpn === item.mpn)?.quantity ?? 0;
          const row: DistributorRow = { item, quantity: 0, warehouse: defaultWarehouse(item) };
          return setQuantity(row, Math.max(0, wanted - item.storeInventory));
        });
        setLoad({ state: 'ready', rows, warehouseApi: reply.warehouseApi });
      } catch (err) {
        if (signal?.aborted) return;
        setLoad({ state: 'error' });
        toast.error(err instanceof ApiError && err.status !== 0 ? err.message : DISTRIBUTOR_ERROR);
      }
    },
    // partsKey names the parts and quantities; `parts` is rebuilt from the same order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [partsKey, toast],
  );

  useEffect(() => {
    if (!online || parts.length === 0) return;
    const ac = new AbortController();
    void fetchRows(ac.signal);
    return () => ac.abort();
  }, [fetchRows, online, parts.length]);

  if (parts.length === 0) return null;

  const update = (i: number, f: (r: DistributorRow) => DistributorRow) =>
    setLoad((l) => (l.state === 'ready' ? { ...l, rows: l.rows.map((r, j) => (j === i ? f(r) : r)) } : l));

  const submit = async (rows: DistributorRow[]) => {
    const form = orderForm(rows);
    if (form.items.length === 0) return;
    setSubmitting(true);
    try {
      const reply = await orderFromDistributor(order.order_id ?? order.id, {
        requestId,
        ...form,
        shippingMethod: 'Ground',
        notes: '',
      });
      setPlaced((p) => [...p, ...reply.purchase_orders]);
      toast.success(reply.success);
      // A new order form from here: the next submit is a new request.
      setRequestId(uuidv7());
      await fetchRows();
    } catch (err) {
      // The same request id again on a retry: the distributor answers the same purchase orders.
      toast.error(err instanceof ApiError && err.status !== 0 ? err.message : DISTRIBUTOR_ERROR);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby="distributor-title" className={styles.card}>
      <div className={styles.head}>
        <h2 id="distributor-title">Order From Your Distributor</h2>
        {load.state === 'ready' && load.warehouseApi && online && (
          <Button variant="secondary" onClick={() => void fetchRows()}>
            Refresh Warehouse Inventory
          </Button>
        )}
      </div>
      {!online ? (
        <p className={styles.muted}>Ordering from your distributor needs the network.</p>
      ) : load.state === 'loading' ? (
        <Spinner label="Loading distributor inventory..." />
      ) : load.state === 'error' ? (
        <p className={styles.muted} role="alert">
          {DISTRIBUTOR_ERROR}{' '}
          <Button variant="secondary" onClick={() => void fetchRows()}>
            Try Again
          </Button>
        </p>
      ) : load.rows.length === 0 ? (
        <p className={styles.muted}>Your distributor carries none of these parts.</p>
      ) : (
        <>
          <div className={styles.scroll}>
            <table className={styles.table}>
              <TableHead columns={['Product', 'Quantity', 'Stock', 'Cost', 'WD Quantity/Location']} />
              <tbody>
                {load.rows.map((r, i) => (
                  <tr key={`${r.item.aaia}~${r.item.mpn}`}>
                    <td data-label="Product">
                      {r.item.name}
                      {!r.item.name.includes(r.item.mpn) && <span className={styles.mpn}>{r.item.mpn}</span>}
                    </td>
                    <td data-label="Quantity">
                      <input
                        className={styles.qty}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        aria-label={`Quantity of ${r.item.name} to order`}
                        value={r.quantity}
                        onChange={(e) => update(i, (row) => setQuantity(row, e.target.value))}
                      />
                    </td>
                    <td data-label="Stock">{r.item.storeInventory}</td>
                    <td data-label="Cost">{formatUSD(r.item.locations[0]?.price ?? 0)}</td>
                    <td data-label="WD Quantity/Location">
                      <select
                        aria-label={`Warehouse for ${r.item.name}`}
                        value={r.warehouse ?? ''}
                        onChange={(e) =>
                          update(i, (row) => chooseWarehouse(row, e.target.value === '' ? null : e.target.value))
                        }
                      >
                        <option value="">Any warehouse</option>
                        {r.item.locations.map((l) => (
                          <option key={l.warehouse_location} value={l.warehouse_location}>
                            {l.wd_inventory} - {l.location_name} ({formatUSD(l.price)})
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    Your Cost
                  </th>
                  <td colSpan={2}>
                    <strong data-testid="distributor-your-cost">{formatUSD(yourCost(load.rows))}</strong>
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          {load.rows.some((r) => r.quantity > 0 && r.warehouse === null) && (
            <p className={styles.muted}>Choose a warehouse for each part to order.</p>
          )}
          <Button
            onClick={() => void submit(load.rows)}
            disabled={submitting || orderForm(load.rows).items.length === 0}
          >
            {submitting ? 'Ordering...' : 'Order From Distributor'}
          </Button>
        </>
      )}
      {placed.length > 0 && <PurchaseOrderList orders={placed} />}
    </section>
  );
}
