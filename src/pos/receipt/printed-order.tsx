import type { Customer, Order, Transaction } from '../../domain/mutations/records';
import { decimal, toWire } from '../../domain/money';
import { orderNumberText } from '../../domain/order-number';
import { visibleTransactions } from '../../domain/payments';
import { formatPhone } from '../../domain/phone';
import { totalsFromRecord } from '../../domain/totals';
import type { ReceiptStore } from '../../features/pos-order/use-receipt-store';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { OrderItemsTable } from '../../ui/order-items-table';
import { OrderTotalsList } from '../../ui/order-totals';
import styles from './printed-order.module.css';

export interface PrintedOrderProps {
  /** `roll`: the receipt (80 mm roll); `letter`: the invoice. */
  format: 'roll' | 'letter';
  /** The document's heading ("Receipt - Order # 1042"); its id labels the article. */
  title: string;
  titleId: string;
  order: Order;
  transactions: readonly Transaction[];
  /** The shop, footer and cashier (useReceiptStore); null while the cache is read. */
  shop: ReceiptStore | null;
  customer: Customer | null;
  totalTestId?: string;
}

/** What the customer paid with a payment: its amount plus any card surcharge and its tax. */
const paidWith = (t: Transaction): string =>
  toWire(decimal(t.amount).plus(decimal(t.surcharge)).plus(decimal(t.surcharge_tax)));

/**
 * The printed order the receipt and the invoice share (docs/decisions/pos.md "Receipt and
 * invoice"): the shop (name, address, phone), the order number and the device's reference, date,
 * cashier, customer, the lines, the Order Total breakdown with Amount Paid and Balance/Change Due
 * (a voided order: Refund Due), the payments (a card's brand and last 4 in its label) and the
 * shop's footer text. Everything comes from the device cache, so it prints offline.
 */
export function PrintedOrder(props: PrintedOrderProps) {
  const { order, shop, customer } = props;
  const letter = props.format === 'letter';
  const address = customer?.addresses.find((a) => a.default) ?? customer?.addresses[0];
  const payments = visibleTransactions(props.transactions);
  return (
    <article
      className={`${styles.doc} ${letter ? styles.letter : styles.roll}`}
      aria-labelledby={props.titleId}
      data-testid="printed-order"
    >
      <div className={styles.store} data-testid="store-header">
        <p className={styles.storeName}>{shop?.store.name ?? ''}</p>
        {shop?.store.branch && <p>{shop.store.branch}</p>}
        {shop?.store.address.map((l) => (
          <p key={l}>{l}</p>
        ))}
        {shop?.store.telephone && <p>{shop.store.telephone}</p>}
      </div>

      <h1 id={props.titleId} className={styles.title}>
        {props.title}
      </h1>
      <dl className={styles.meta}>
        <div>
          <dt>Order #</dt>
          <dd>{orderNumberText(order)}</dd>
        </div>
        {order.order_id !== null && order.device_ref && (
          <div>
            <dt>Ref</dt>
            <dd>{order.device_ref}</dd>
          </div>
        )}
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(order.completed_at ?? order.created_at)}</dd>
        </div>
        {shop?.cashier && (
          <div>
            <dt>Cashier</dt>
            <dd>{shop.cashier}</dd>
          </div>
        )}
        <div>
          <dt>Customer</dt>
          <dd>{order.customer_name ?? 'Walk-in customer'}</dd>
        </div>
        {letter && address && (
          <div>
            <dt>Address</dt>
            <dd>
              {address.address_1}
              {address.address_2 && `, ${address.address_2}`}, {address.city} {address.postcode}
            </dd>
          </div>
        )}
        {letter && customer?.email && (
          <div>
            <dt>Email</dt>
            <dd>{customer.email}</dd>
          </div>
        )}
        {letter && customer?.telephone && (
          <div>
            <dt>Telephone</dt>
            <dd>{formatPhone(customer.telephone)}</dd>
          </div>
        )}
      </dl>

      <div className={styles.lines}>
        <OrderItemsTable lines={order.lines} variant={letter ? 'full' : 'roll'} />
      </div>
      <OrderTotalsList
        totals={totalsFromRecord(order.totals, order)}
        payment
        receipt
        status={order.status}
        totalTestId={props.totalTestId}
      />

      <section aria-labelledby={`${props.titleId}-payments`} className={styles.payments}>
        <h2 id={`${props.titleId}-payments`}>Payments</h2>
        {payments.length === 0 ? (
          <p className={styles.small}>No transactions have been made yet.</p>
        ) : (
          <ul>
            {payments.map((x) => (
              <li key={x.id}>
                <span>
                  {x.transaction_label || x.transaction_type}
                  {x.status === 'pending' && ' (incomplete)'}
                  {letter && <span className={styles.small}> · {formatDateTime(x.created_at)}</span>}
                </span>
                <Money amount={paidWith(x)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {shop?.footer && (
        <p className={styles.footer} data-testid="receipt-footer">
          {shop.footer}
        </p>
      )}
    </article>
  );
}
