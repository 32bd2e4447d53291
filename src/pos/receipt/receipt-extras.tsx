import { useEffect, useState } from 'react';
import type { OrderInfo } from '../../contracts/pos-order';
import { CUSTOMER_REQUIRED_TOOLTIP } from '../../domain/forms/appointment';
import { getOrderInfo } from '../../api/get-order-info';
import { useOnline } from '../../device/use-online';
import { Button } from '../../ui/button';
import type { RunMutation } from '../../device/use-run-mutation';
import { PurchaseOrderList } from '../../features/pos-order/purchase-order-list';
import { BookedAppointmentsList } from '../../features/pos-order/booked-appointments';
import { BookAppointmentModal } from './book-appointment-modal';
import styles from './receipt.module.css';

export const NEEDS_SERVER = 'Purchase orders show when the server can be reached.';

type Extras = Pick<OrderInfo, 'purchase_orders'>;

/**
 * The receipt's purchase orders, from the server's order reply (GET /api/order/info): the device
 * does not cache them. Not asked while the order itself waits for the server (`pending`: made or
 * changed offline), which would answer 404 right after a reconnect; asked once the server has it.
 * Its booked appointments ("{date} @ {time}") come from the device store (offline too; a booking
 * made here shows at once). Book Appointment is disabled with "Customer is required" when the
 * order has no customer.
 */
export function ReceiptExtras(props: {
  orderRef: string | number;
  orderUuid: string;
  customerRef: string | null;
  pending: boolean;
  run: RunMutation;
}) {
  const online = useOnline();
  const reachable = online && !props.pending;
  const [extras, setExtras] = useState<Extras | null>(null);
  const [booking, setBooking] = useState(false);

  useEffect(() => {
    if (!reachable) return;
    const ctl = new AbortController();
    getOrderInfo(props.orderRef, ctl.signal)
      .then((r) => setExtras({ purchase_orders: r.purchase_orders }))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [reachable, props.orderRef]);

  return (
    <>
      <section aria-labelledby="po-title" className={`${styles.card} ${styles.noPrint}`}>
        <h2 id="po-title">Purchase orders</h2>
        {!extras ? (
          <p className={styles.small}>{reachable ? 'Loading...' : NEEDS_SERVER}</p>
        ) : extras.purchase_orders.length === 0 ? (
          <p className={styles.small}>There are no results.</p>
        ) : (
          <PurchaseOrderList orders={extras.purchase_orders} />
        )}
      </section>
      <section aria-labelledby="appt-title" className={`${styles.card} ${styles.noPrint}`}>
        <h2 id="appt-title">Appointments</h2>
        <BookedAppointmentsList orderRef={props.orderUuid} />
        {props.customerRef === null ? (
          <>
            <span title={CUSTOMER_REQUIRED_TOOLTIP}>
              <Button variant="secondary" disabled aria-describedby="appt-needs-customer">
                Book Appointment
              </Button>
            </span>
            <span id="appt-needs-customer" className={styles.small}>
              {' '}
              {CUSTOMER_REQUIRED_TOOLTIP}
            </span>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setBooking(true)}>
              Book Appointment
            </Button>
            <BookAppointmentModal
              open={booking}
              onOpenChange={setBooking}
              orderRef={props.orderRef}
              orderUuid={props.orderUuid}
              customerRef={props.customerRef}
              run={props.run}
            />
          </>
        )}
      </section>
    </>
  );
}
