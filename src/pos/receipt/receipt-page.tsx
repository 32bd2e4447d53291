import { Link, useSearchParams } from 'react-router';
import { CustomerBanner } from '../../features/pos-customer/customer-banner';
import { OrderHistoryButton } from '../../features/pos-order/order-history-modal';
import { useOrderDetail } from '../../features/pos-order/use-order-detail';
import { useRunMutation } from '../../device/use-run-mutation';
import { buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { useReceiptStore } from '../../features/pos-order/use-receipt-store';
import { PrintedOrder } from './printed-order';
import { ReceiptExtras } from './receipt-extras';
import { SendReceiptPanel } from './send-receipt-panel';
import styles from './receipt.module.css';
import { orderNumberText } from '../../domain/order-number';

/**
 * /pos/order/receipt?order_id=: the receipt (printed on an 80 mm roll: printed-order.tsx), the
 * payment status, sending it by email/text, and the way back to checkout or on to the next sale.
 */

export function ReceiptPage() {
  const [params] = useSearchParams();
  const ref = params.get('order_id') ?? '';
  const run = useRunMutation();
  const { detail, customer } = useOrderDetail(ref);
  const shop = useReceiptStore(detail.data?.order ?? null);

  if (detail.loading) return <Spinner label="Loading the receipt..." />;
  if (!detail.data) return <EmptyState title="There are no results." />;
  const { order, transactions } = detail.data;
  const number = order.order_id ?? order.id;

  return (
    <section aria-labelledby="receipt-title" className={styles.page}>
      <div className={`${styles.buttons} ${styles.noPrint}`}>
        <Link className={buttonClassName('secondary')} to={`/pos/order/continue?order_id=${number}`}>
          Back to Check Out
        </Link>
        <OrderHistoryButton detail={detail.data} customer={customer.data ?? null} run={run} />
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

      <PrintedOrder
        format="roll"
        title={`${order.status === 'quote' ? 'Quote' : 'Receipt'} - Order # ${orderNumberText(order)}`}
        titleId="receipt-title"
        order={order}
        transactions={transactions}
        shop={shop}
        customer={customer.data ?? null}
        totalTestId="receipt-total"
      />

      <SendReceiptPanel orderId={number} orderUuid={order.id} customer={customer.data ?? null} />

      <ReceiptExtras
        orderRef={number}
        orderUuid={order.id}
        customerRef={order.customer_ref}
        pending={detail.data.pending}
        run={run}
      />
    </section>
  );
}
