import { orderAppointments, type OrderAppointment } from '../../db/order-appointments';
import { appointmentLabel } from '../../domain/forms/appointment';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import styles from './purchase-order-list.module.css';

export const NO_APPOINTMENTS = 'No appointments are booked for this order.';

/**
 * An order's booked appointments as "{date} @ {time}" (pos-back-office.md §2 POS receipt page, §3
 * Order and Checkout state `bookedAppointments`), read from the device store: offline too, and a
 * booking made on this device shows at once ("Not synced yet" until the server has it; one it
 * refuses leaves at the next pull).
 */
export function BookedAppointmentsList({ orderRef }: { orderRef: string }) {
  const db = deviceDb();
  const booked = useLiveQuery(() => orderAppointments(db, orderRef), [orderRef]);
  return <AppointmentRows rows={booked.data ?? []} loading={booked.loading} />;
}

/**
 * The same as its own titled section (order detail, checkout). `hideEmpty`: nothing at all while
 * the order has none (the checkout, where most sales book nothing).
 */
export function BookedAppointmentsSection(props: { orderRef: string; className?: string; hideEmpty?: boolean }) {
  const db = deviceDb();
  const booked = useLiveQuery(() => orderAppointments(db, props.orderRef), [props.orderRef]);
  const rows = booked.data ?? [];
  if (props.hideEmpty && rows.length === 0) return null;
  return (
    <section aria-labelledby="booked-title" className={props.className}>
      <h2 id="booked-title">Appointments</h2>
      <AppointmentRows rows={rows} loading={booked.loading} />
    </section>
  );
}

function AppointmentRows({ rows, loading }: { rows: OrderAppointment[]; loading: boolean }) {
  if (rows.length === 0) return loading ? null : <p className={styles.muted}>{NO_APPOINTMENTS}</p>;
  return (
    <ul className={styles.apptList} aria-label="Booked appointments">
      {rows.map((a) => (
        <li key={a.id}>
          {appointmentLabel(a)}
          {a.pending && <span className={styles.muted}> (Not synced yet)</span>}
        </li>
      ))}
    </ul>
  );
}
