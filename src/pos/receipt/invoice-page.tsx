import { useSearchParams } from 'react-router';
import { findCustomer } from '../../db/queries';
import { toWire } from '../../domain/money';
import { visibleTransactions } from '../../domain/payments';
import { lineTotal } from '../../domain/totals';
import { loadOrderDetail } from '../../features/pos-order/order-data';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { Spinner } from '../../ui/spinner';
import styles from './invoice.module.css';

/** /pos/order/invoice?order_id=: a printable invoice (letter paper), opened in a new tab. */
export function InvoicePage() {
  const [params] = useSearchParams();
  const ref = params.get('order_id') ?? '';
  const db = deviceDb();
  const detail = useLiveQuery(async () => {
    const d = await loadOrderDetail(db, ref);
    return d ? { ...d, customer: d.order.customer_ref ? await findCustomer(db, d.order.customer_ref) : null } : null;
  }, [ref]);
  if (detail.loading) return <Spinner label="Loading the invoice..." />;
  if (!detail.data) return <EmptyState title="There are no results." />;
  const { order, transactions, customer } = detail.data;
  const t = order.totals;
  const address = customer?.addresses.find((a) => a.default) ?? customer?.addresses[0];
  const rows: [string, string][] = [
    ['Parts', t.parts],
    ['Surcharge', t.surcharge],
    ['Labor', t.labor],
    [order.tax_exempt ? `Tax Exempt${order.tax_exempt_number ? ` (${order.tax_exempt_number})` : ''}` : 'Tax', t.tax],
  ];
  if (t.card_surcharge !== '0.00') rows.push(['Credit Card Surcharge', t.card_surcharge], ['Credit Card Surcharge Tax', t.card_surcharge_tax]);
  return (
    <article className={styles.invoice} aria-labelledby="invoice-title">
      <div className={styles.noPrint}>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <header className={styles.top}>
        <div>
          <h1 id="invoice-title">Invoice</h1>
          <p>Order # {order.order_id ?? 'pending sync'}</p>
          <p>{formatDateTime(order.created_at)}</p>
          {order.device_ref && <p>Ref {order.device_ref}</p>}
        </div>
        <div>
          <h2>Bill to</h2>
          <p>{order.customer_name ?? 'Walk-in customer'}</p>
          {address && (
            <p>
              {address.address_1}
              {address.address_2 && `, ${address.address_2}`}, {address.city} {address.postcode}
            </p>
          )}
          {customer?.email && <p>{customer.email}</p>}
          {customer?.telephone && <p>{customer.telephone}</p>}
        </div>
      </header>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Model</th>
            <th scope="col">PO Number</th>
            <th scope="col">Qty</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id}>
              <td>{l.name}</td>
              <td>{l.kind === 'product' ? l.model || l.mpn : ''}</td>
              <td>{l.po_number ?? ''}</td>
              <td>{l.quantity}</td>
              <td>
                <Money amount={toWire(lineTotal(l))} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.totals}>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <Money amount={v} />
            </dd>
          </div>
        ))}
        <div className={styles.grand}>
          <dt>Order Total</dt>
          <dd>
            <Money amount={t.order_total} />
          </dd>
        </div>
        <div>
          <dt>Amount Paid</dt>
          <dd>
            <Money amount={t.amount_paid} />
          </dd>
        </div>
        <div className={styles.grand}>
          <dt>{t.balance_due.startsWith('-') ? 'Change Due' : 'Balance Due'}</dt>
          <dd>
            <Money amount={t.balance_due.replace(/^-/, '')} />
          </dd>
        </div>
      </dl>
      <h2>Payments</h2>
      <ul>
        {visibleTransactions(transactions).map((x) => (
          <li key={x.id}>
            {formatDateTime(x.created_at)} · {x.transaction_label} · <Money amount={x.amount} />
          </li>
        ))}
      </ul>
    </article>
  );
}
