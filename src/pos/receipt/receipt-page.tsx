import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { visibleTransactions } from '../../domain/payments';
import { CustomerBanner } from '../../features/pos-customer/customer-banner';
import { OrderHistoryModal } from '../../features/pos-order/order-history-modal';
import { useOrderDetail } from '../../features/pos-order/use-order-detail';
import { useRunMutation } from '../../device/use-run-mutation';
import { Button, buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { OrderItemsTable } from '../../ui/order-items-table';
import { Spinner } from '../../ui/spinner';
import { ReceiptExtras } from './receipt-extras';
import { SendReceiptPanel } from './send-receipt-panel';
import styles from './receipt.module.css';
import { orderNumberText } from '../../domain/order-number';

/**
 * /pos/order/receipt?order_id=: the receipt (printable on an 80 mm roll or letter paper), the
 * payment status, sending it by email/text, and the way back to checkout or on to the next sale.
 */

export function ReceiptPage() {
  const [params] = useSearchParams();
  const ref = params.get('order_id') ?? '';
  const run = useRunMutation();
  const [history, setHistory] = useState(false);
  const { detail, customer } = useOrderDetail(ref);

  if (detail.loading) return <Spinner label="Loading the receipt..." />;
  if (!detail.data) return <EmptyState title="There are no results." />;
  const { order, transactions, statuses } = detail.data;
  const number = order.order_id ?? order.id;
  const t = order.totals;
  const change = t.balance_due.startsWith('-');
  const paid = visibleTransactions(transactions);

  return (
    <section aria-labelledby="receipt-title" className={styles.page}>
      <div className={`${styles.buttons} ${styles.noPrint}`}>
        <Link className={buttonClassName('secondary')} to={`/pos/order/continue?order_id=${number}`}>
          Back to Check Out
        </Link>
        <Button variant="secondary" onClick={() => setHistory(true)}>
          Order History
        </Button>
        <a
          className={buttonClassName('secondary')}
          href={`/pos/order/invoice?order_id=${number}`}
          target="_blank"
          rel="noreferrer"
        >
          Invoice
        </a>
        <Link className={buttonClassName('primary')} to="/pos/order/done">
          Done
        </Link>
      </div>
      <div className={styles.noPrint}>
        <CustomerBanner order={order} ensureCart={() => Promise.resolve(order.id)} run={run} />
      </div>

      <article className={styles.receipt} aria-labelledby="receipt-title">
        <h1 id="receipt-title" className={styles.title}>
          {order.status === 'quote' ? 'Quote' : 'Receipt'} - Order # {orderNumberText(order)}
        </h1>
        <p className={styles.meta}>
          {formatDateTime(order.created_at)}
          {order.order_id !== null && order.device_ref && ` · Ref ${order.device_ref}`}
          {order.customer_name && ` · ${order.customer_name}`}
        </p>
        <OrderItemsTable lines={order.lines} variant="roll" className={styles.lines} />
        <dl className={styles.totals}>
          <dt>Order Total</dt>
          <dd data-testid="receipt-total">
            <Money amount={t.order_total} />
          </dd>
          <dt>Amount Paid</dt>
          <dd>
            <Money amount={t.amount_paid} />
          </dd>
          <dt>{change ? 'Change Due' : 'Balance Due'}</dt>
          <dd>
            <Money amount={change ? t.balance_due.slice(1) : t.balance_due} />
          </dd>
        </dl>
        <section aria-labelledby="pay-status" className={styles.status}>
          <h2 id="pay-status">{t.paid_in_full ? 'Payment Processed' : 'Outstanding Balance'}</h2>
          {paid.length === 0 ? (
            <p className={styles.small}>No transactions have been made yet.</p>
          ) : (
            <ul className={styles.payments}>
              {paid.map((x) => (
                <li key={x.id}>
                  {x.transaction_label} <Money amount={x.amount} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </article>

      <SendReceiptPanel orderId={number} orderUuid={order.id} customer={customer.data ?? null} />

      <ReceiptExtras
        orderRef={number}
        orderUuid={order.id}
        customerRef={order.customer_ref}
        pending={detail.data.pending}
        run={run}
      />
      <OrderHistoryModal
        open={history}
        onOpenChange={setHistory}
        orderRef={order.id}
        currentStatusId={order.order_status_id}
        statuses={statuses}
        history={detail.data.history}
        customer={customer.data ?? null}
        run={run}
      />
    </section>
  );
}
