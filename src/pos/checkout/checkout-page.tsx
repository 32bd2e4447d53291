import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { findCustomer, storeSettings } from '../../db/queries';
import { uuidv7 } from '../../db/ids';
import { ORDER_COMPLETION_ERROR_TOAST_MS } from '../../domain/constants';
import { paymentAvailability } from '../../domain/payments';
import type { PaymentType } from '../../domain/settings';
import { money } from '../../domain/money';
import { getCartRef, setCartRef } from '../../device/pos-cart-ref';
import { OrderHistoryButton } from '../../features/pos-order/order-history-modal';
import { loadOrderDetail } from '../../features/pos-order/order-data';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { useRunMutation } from '../../device/use-run-mutation';
import { useSession } from '../../features/session/use-session';
import { useOnline } from '../../device/use-online';
import { useSync } from '../../device/sync-context';
import { useToast } from '../../ui/toast/toast-context';
import { CardPaymentModal } from './card-payment-modal';
import { VoucherPaymentModal } from './voucher-payment-modal';
import { OnlinePaymentModal } from './online-payment-modal';
import { AddCreditModal } from '../../features/pos-customer/add-credit-modal';
import { Button } from '../../ui/button';
import { Money } from '../../ui/money';
import { Spinner } from '../../ui/spinner';
import { CustomerBanner } from '../../features/pos-customer/customer-banner';
import { OrderTotalPanel } from './order-total-panel';
import { PoNumbersPanel } from './po-numbers-panel';
import { DistributorTable } from './distributor-table';
import { BookedAppointmentsSection } from '../../features/pos-order/booked-appointments';
import { moneyOrZero, PaymentModal, type PaymentInput } from './payment-modal';
import { TransactionsList } from './transactions-list';
import { useVoidPayments } from '../../features/pos-order/use-void-payments';
import styles from './checkout.module.css';
import { orderNumberText } from '../../domain/order-number';

/** Payment types the server must take part in (the terminal, the payment link). */
const NEEDS_NETWORK = new Set<PaymentType>(['card', 'online']);

export const NO_ORDER_MESSAGE = 'There is no order to show. Redirecting to the catalog page...';

/**
 * /pos/checkout: take payment and complete the sale. The order is `order_id` (number or uuid) or
 * this counter's cart. Cash, check, voucher and store credit go through the sync worker, so they
 * work offline and reconcile; the server re-checks every rule.
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const ref = params.get('order_id') ?? (user ? getCartRef(user.id) : null) ?? '';
  const db = deviceDb();
  const run = useRunMutation();
  const online = useOnline();
  const worker = useSync();
  const toast = useToast();
  const navigate = useNavigate();
  const [paying, setPaying] = useState<PaymentType | null>(null);
  const [addingCredit, setAddingCredit] = useState(false);
  const closePayment = useCallback(() => setPaying(null), []);
  const syncNow = useCallback(() => void worker?.syncNow(), [worker]);
  const detail = useLiveQuery(() => (ref ? loadOrderDetail(db, ref) : Promise.resolve(null)), [ref]);
  const extra = useLiveQuery(async () => {
    const c = detail.data?.order.customer_ref;
    return { settings: await storeSettings(db), customer: c ? await findCustomer(db, c) : null };
  }, [detail.data?.order.customer_ref ?? null]);
  const missing = !detail.loading && !detail.data;
  const voids = useVoidPayments(detail.data?.order.id ?? '', run, online);

  useEffect(() => {
    if (!missing) return;
    const t = setTimeout(() => void navigate('/product/catalog'), 2000);
    return () => clearTimeout(t);
  }, [missing, navigate]);

  if (detail.loading || extra.loading) return <Spinner label="Loading the order..." />;
  if (!detail.data) return <p role="status">{NO_ORDER_MESSAGE}</p>;
  const { order, transactions } = detail.data;
  const number = order.order_id ?? order.id;
  const settings = extra.data?.settings;
  const customer = extra.data?.customer ?? null;
  const storeCredit = moneyOrZero(customer?.store_credit);
  const balanceDue = money(order.totals.balance_due);
  const availability = settings ? paymentAvailability(settings, balanceDue, storeCredit) : null;

  // Card and online payments are applied by the server to the order it holds: send this device's changes first.
  const syncFirst = async (): Promise<boolean> => {
    if (!worker || (await worker.syncNow()) !== 'ok' || (await worker.status()).pending > 0) {
      toast.error('Could not reach the server. This payment needs the network.');
      return false;
    }
    return true;
  };

  const pay = (p: PaymentInput) =>
    run('transaction.add', {
      order_ref: order.id,
      id: uuidv7(),
      transaction_type: p.type,
      amount: p.amount,
      check_number: p.checkNumber,
    });

  const complete = async () => {
    if (!(await run('order.complete', { order_ref: order.id }, { duration: ORDER_COMPLETION_ERROR_TOAST_MS }))) return;
    if (user && getCartRef(user.id) === order.id) setCartRef(user.id, null);
    await navigate(`/pos/order/receipt?order_id=${number}`);
  };

  return (
    <section aria-labelledby="checkout-title" className={styles.page}>
      <div className={styles.head}>
        <h1 id="checkout-title" className={styles.title}>
          Check Out - Order # {orderNumberText(order)}
        </h1>
        <OrderHistoryButton detail={detail.data} customer={customer} run={run} />
      </div>
      <CustomerBanner order={order} ensureCart={() => Promise.resolve(order.id)} run={run} />
      <div className={styles.grid}>
        <div className={styles.column}>
          <OrderTotalPanel order={order} />
          <BookedAppointmentsSection orderRef={order.id} className={styles.card} hideEmpty />
          {settings?.poNumbersEnabled && (
            <PoNumbersPanel order={order} run={run} required={settings.requirePoNumbers} />
          )}
          <section aria-labelledby="credit-title" className={styles.card}>
            <div className={styles.cardHead}>
              <h2 id="credit-title">Store Credit</h2>
              {/* Store credit is money: counter staff only (server/auth/permissions.ts customer.privileged). */}
              {customer && (user?.role === 'admin' || user?.role === 'cashier') && (
                <Button variant="secondary" onClick={() => setAddingCredit(true)}>
                  Add Credit
                </Button>
              )}
            </div>
            <p>
              <Money amount={customer?.store_credit ?? '0.00'} />
            </p>
          </section>
        </div>
        <div className={styles.column}>
          <section aria-labelledby="pay-title" className={styles.card}>
            <h2 id="pay-title">Payment</h2>
            {availability?.message ? (
              <p className={styles.muted}>{availability.message}</p>
            ) : (
              <div className={styles.payTypes}>
                {availability?.types.map((t) => (
                  <Button
                    key={t.type}
                    variant="secondary"
                    disabled={!t.enabled || (NEEDS_NETWORK.has(t.type) && !online)}
                    onClick={() => setPaying(t.type)}
                  >
                    {t.label}
                  </Button>
                ))}
              </div>
            )}
            {!online && <p className={styles.muted}>Card and online payments need the network.</p>}
          </section>
          <TransactionsList
            transactions={transactions}
            onVoid={(t) => void voids.voidOne(t)}
            onVoidAll={() => void voids.voidAll(transactions)}
          />
          <Button onClick={() => void complete()} disabled={order.status === 'complete' || order.status === 'voided'}>
            Complete
          </Button>
        </div>
      </div>
      {(user?.role === 'admin' || user?.role === 'cashier') && <DistributorTable order={order} online={online} />}
      {paying === 'card' && (
        <CardPaymentModal
          orderId={String(number)}
          balanceDue={balanceDue}
          transactions={transactions}
          onRefund={voids.voidOne}
          onClose={() => setPaying(null)}
          beforeStart={syncFirst}
          onDone={() => void worker?.syncNow()}
        />
      )}
      {paying === 'voucher' && (
        <VoucherPaymentModal
          orderRef={order.id}
          balanceDue={balanceDue}
          online={online}
          run={run}
          syncNow={() => worker?.syncNow() ?? Promise.resolve()}
          onClose={closePayment}
        />
      )}
      {paying === 'online' && (
        <OnlinePaymentModal
          orderId={String(number)}
          balanceDue={balanceDue}
          customer={customer}
          onClose={closePayment}
          beforeStart={syncFirst}
          syncNow={syncNow}
        />
      )}
      {paying && paying !== 'card' && paying !== 'voucher' && paying !== 'online' && (
        <PaymentModal
          key={paying}
          type={paying}
          balanceDue={balanceDue}
          storeCredit={storeCredit}
          onClose={() => setPaying(null)}
          onPay={pay}
        />
      )}
      {addingCredit && customer && (
        <AddCreditModal customerRef={customer.id} run={run} onClose={() => setAddingCredit(false)} />
      )}
    </section>
  );
}
