import { useSearchParams } from 'react-router';
import { orderNumberText } from '../../domain/order-number';
import { useOrderDetail } from '../../features/pos-order/use-order-detail';
import { useReceiptStore } from '../../features/pos-order/use-receipt-store';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { PrintedOrder } from './printed-order';
import styles from './invoice.module.css';

/**
 * /pos/order/invoice?order_id=: a printable invoice (Letter paper: printed-order.tsx), opened in a
 * new tab; the same document as the receipt, with the customer's address and contact.
 */
export function InvoicePage() {
  const [params] = useSearchParams();
  const ref = params.get('order_id') ?? '';
  const { detail, customer } = useOrderDetail(ref);
  const shop = useReceiptStore(detail.data?.order ?? null);
  if (detail.loading) return <Spinner label="Loading the invoice..." />;
  if (!detail.data) return <EmptyState title="There are no results." />;
  const { order, transactions } = detail.data;
  return (
    <div className={styles.invoice}>
      <div className={styles.noPrint}>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <PrintedOrder
        format="letter"
        title={`Invoice - Order # ${orderNumberText(order)}`}
        titleId="invoice-title"
        order={order}
        transactions={transactions}
        shop={shop}
        customer={customer.data ?? null}
        totalTestId="invoice-total"
      />
    </div>
  );
}
