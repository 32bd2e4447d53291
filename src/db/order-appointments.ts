/**
 * An order's booked appointments as this device knows them (docs/decisions/appointments.md "Booked
 * appointments on the order screens"): the pulled bookings plus the ones made here and not yet
 * answered, by start, without those whose status frees the slot (Cancelled, No Show), as the
 * server's `bookedAppointments` leaves them out. The receipt, the checkout and order detail show
 * them as "{date} @ {time}" (pos-back-office.md §2, §3 Checkout state). Works offline.
 */
import type { Appointment } from '../domain/mutations/records';
import type { PartsdeskDb } from './database';
import { lookupRows } from './queries';

export interface OrderAppointment {
  id: string;
  start_date: string;
  start_time: string;
  /** A change to it (or the booking itself) is queued on this device and not yet answered. */
  pending: boolean;
}

export async function orderAppointments(db: PartsdeskDb, orderRef: string): Promise<OrderAppointment[]> {
  const [rows, statuses] = await Promise.all([
    db.appointments.where('order_ref').equals(orderRef).toArray() as unknown as Promise<Appointment[]>,
    lookupRows<{ status_id: number; blocks_slot?: boolean }>(db, 'appointment_statuses'),
  ]);
  const frees = new Set(statuses.filter((s) => s.blocks_slot === false).map((s) => s.status_id));
  const booked = rows
    .filter((a) => !frees.has(a.status_id))
    .sort((x, y) => `${x.start_date} ${x.start_time}`.localeCompare(`${y.start_date} ${y.start_time}`));
  return Promise.all(
    booked.map(async (a) => ({
      id: a.id,
      start_date: a.start_date,
      start_time: a.start_time,
      pending: (await db.dirty.get(['appointments', a.id])) !== undefined,
    })),
  );
}
