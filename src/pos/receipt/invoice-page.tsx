import { useSearchParams } from 'react-router';
import { visibleTransactions } from '../../domain/payments';
import { useOrderDetail } from '../../features/pos-order/use-order-detail';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { OrderItemsTable } from '../../ui/order-items-table';
import { Spinner } from '../../ui/spinner';
import styles from './invoice.module.css';
import { formatPhone } from '../../domain/phone';
import { orderNumberText } from '../../domain/order-number';

/** /pos/order/invoice?order_id=: a printable invoice (letter paper), opened in a new tab. */
export function InvoicePage() {
  const [params] = useSearchParams();
  const ref = params.get('order_id') ?? '';
  const { detail, customer: customerQuery } = useOrderDetail(ref);
  if (detail.loading) return <Spinner label="Loading the invoice..." />;
  if (!detail.data) return <EmptyState title="There are no results." />;
  const { order, transactions } = detail.data;
  const customer = customerQuery.data ?? null;
  const t = order.totals;
  const address = customer?.addresses.find((a) => a.default) ?? customer?.addresses[0];
  const rows: [string, string][] = [
    ['Parts', t.parts],
    ['Surcharge', t.surcharge],
    ['Labor', t.labor],
    [order.tax_exempt ? `Tax Exempt${order.tax_exempt_number ? ` (${order.tax_exempt_number})` : ''}` : 'Tax', t.tax],
  ];
  if (t.card_surcharge !== '0.00')
    rows.push(['Credit Card Surcharge', t.card_surcharge], ['Credit Card Surcharge Tax', t.card_surcharge_tax]);
  return (
    <article className={styles.invoice} aria-labelledby="invoice-title">
      <div className={styles.noPrint}>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <header className={styles.top}>
        <div>
          <h1 id="invoice-title">Invoice</h1>
          <p>Order # {orderNumberText(order)}</p>
          <p>{formatDateTime(order.created_at)}</p>
          {order.order_id !== null && order.device_ref && <p>Ref {order.device_ref}</p>}
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
          {customer?.telephone && <p>{formatPhone(customer.telephone)}</p>}
        </div>
      </header>
      <OrderItemsTable lines={order.lines} className={styles.lines} />
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
