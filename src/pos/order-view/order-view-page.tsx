import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { continueRefusal } from '../../domain/cart-lifecycle';
import { totalsFromRecord } from '../../domain/totals';
import { useRunMutation } from '../../device/use-run-mutation';
import { Button, buttonClassName } from '../../ui/button';
import { isOnlineStatus } from '../../domain/online-orders';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format-date';
import { OrderItemsTable } from '../../ui/order-items-table';
import { OrderTotalsList } from '../../ui/order-totals';
import { Spinner } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
import { useToast } from '../../ui/toast/toast-context';
import { OrderHistoryModal } from '../../features/pos-order/order-history-modal';
import { statusOf } from '../../features/pos-order/order-data';
import { useOrderDetail } from '../../features/pos-order/use-order-detail';
import { PurchaseOrdersSection } from '../../features/pos-order/purchase-orders-section';
import { BookedAppointmentsSection } from '../../features/pos-order/booked-appointments';
import { PaymentSection } from './payment-section';
import { RefundDueSection } from './refund-due-section';
import { ReturnsSection } from './returns-section';
import styles from './order-view.module.css';
import { formatPhone } from '../../domain/phone';

/** Partsdesk has no admin app (docs/decisions/pos.md "View in Admin"): the button stays, disabled, saying why. */
export const VIEW_IN_ADMIN_NOTE =
  'View in Admin is not available: Partsdesk has no separate admin app, so this order is managed here.';

/**
 * /pos/order/view?order_id=: one order from the device cache. `order_id` is the server's number,
 * or the order's own id while a sale made offline has no number yet.
 */
export function OrderViewPage() {
  const [params] = useSearchParams();
  const ref = params.get('order_id') ?? '';
  const run = useRunMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'void' | 'history' | null>(null);
  const { detail, customer } = useOrderDetail(ref);

  if (detail.loading) return <Spinner label="Loading the order..." />;
  if (!detail.data) return <EmptyState title="There are no results." />;
  const { order, transactions, pending, statuses, history } = detail.data;
  const status = statusOf(statuses, order.order_status_id);
  const number = order.order_id ?? order.id;
  const voided = order.status === 'voided';

  const voidOrder = async () => {
    setDialog(null);
    if (await run('order.void', { order_ref: order.id })) toast.success('The order was voided.');
  };

  return (
    <section aria-labelledby="order-title" className={styles.page}>
      <div className={styles.head}>
        <h1 id="order-title" className={styles.title}>
          {order.order_id ? `Order # ${order.order_id}` : 'New order (not yet synced)'}
        </h1>
        <StatusBadge
          name={status?.name ?? order.status}
          color={status?.status_color ?? null}
          textColor={status?.status_text_color ?? null}
        />
        {pending && <span className={styles.pending}>Pending sync</span>}
      </div>
      <div className={styles.buttons}>
        <Button variant="danger" disabled={voided} onClick={() => setDialog('void')}>
          Void Order
        </Button>
        {continueRefusal(order.status) === null && (
          <Button onClick={() => void navigate(`/pos/order/continue?order_id=${number}`)}>Continue Order</Button>
        )}
        <Link className={buttonClassName('secondary')} to={`/pos/order/receipt?order_id=${number}`}>
          View Receipt or Invoice
        </Link>
        {isOnlineStatus(order.order_status_id) && (
          <Link className={buttonClassName('secondary')} to={`/pos/order/pick?order_id=${number}`}>
            Pick List
          </Link>
        )}
        <Button variant="secondary" onClick={() => setDialog('history')}>
          Order History
        </Button>
        <Button variant="ghost" disabled aria-describedby="admin-note">
          View in Admin
        </Button>
        <span id="admin-note" className={styles.muted}>
          {VIEW_IN_ADMIN_NOTE}
        </span>
      </div>

      {voided && <RefundDueSection order={order} transactions={transactions} run={run} />}

      <div className={styles.grid}>
        <section aria-labelledby="info-title" className={styles.card}>
          <h2 id="info-title">Order info</h2>
          <dl className={styles.facts}>
            <dt>Date</dt>
            <dd>{formatDateTime(order.created_at)}</dd>
            <dt>Customer</dt>
            <dd>{order.customer_name ?? 'Guest'}</dd>
            {customer.data && (
              <>
                <dt>Email</dt>
                <dd>{customer.data.email || '-'}</dd>
                <dt>Telephone</dt>
                <dd>{customer.data.telephone ? formatPhone(customer.data.telephone) : '-'}</dd>
              </>
            )}
            {order.tax_exempt && (
              <>
                <dt>Tax Exempt</dt>
                <dd>{order.tax_exempt_number ?? ''}</dd>
              </>
            )}
            {order.device_ref && (
              <>
                <dt>Device reference</dt>
                <dd>{order.device_ref}</dd>
              </>
            )}
          </dl>
        </section>
        <PaymentSection transactions={transactions} />
      </div>

      <PurchaseOrdersSection orderRef={order.order_id ?? order.id} pending={pending} className={styles.card} />
      <BookedAppointmentsSection orderRef={order.id} className={styles.card} />

      <section aria-labelledby="items-title" className={styles.card}>
        <h2 id="items-title">Items</h2>
        {order.lines.length === 0 ? (
          <p className={styles.muted}>There are no results.</p>
        ) : (
          <div className={styles.scroll}>
            <OrderItemsTable lines={order.lines} />
          </div>
        )}
      </section>

      <ReturnsSection order={order} transactions={transactions} run={run} />

      <section aria-labelledby="totals-title" className={styles.card}>
        <h2 id="totals-title">Totals</h2>
        <OrderTotalsList totals={totalsFromRecord(order.totals, order)} payment status={order.status} />
      </section>

      <section aria-labelledby="history-title" className={styles.card}>
        <h2 id="history-title">History</h2>
        {history.length === 0 ? (
          <p className={styles.muted}>No Order History Results.</p>
        ) : (
          <ul className={styles.history}>
            {history.map((h) => (
              <li key={h.id}>
                {formatDateTime(h.date_added)} ·{' '}
                <strong>{statusOf(statuses, h.order_status_id)?.name ?? h.order_status_id}</strong>
                {h.comment && ` · ${h.comment}`}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={dialog === 'void'}
        title="Void Order"
        message="Void this order? Its incomplete transactions are voided too."
        confirmLabel="Void Order"
        tone="warning"
        onConfirm={() => void voidOrder()}
        onCancel={() => setDialog(null)}
      />
      <OrderHistoryModal
        open={dialog === 'history'}
        onOpenChange={(o) => setDialog(o ? 'history' : null)}
        orderRef={order.id}
        currentStatusId={order.order_status_id}
        statuses={statuses}
        history={history}
        customer={customer.data ?? null}
        run={run}
      />
    </section>
  );
}
