/** Reads shared by the appointment screens (day view, add appointment) and the order screens (order info, receipt). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BookedAppointment } from '../../../src/contracts/checkout-transactions';

/** The booked (not cancelled) appointments of an order, for the receipt and order detail. */
export async function bookedAppointments(db: Kysely<DB>, orderRef: string): Promise<BookedAppointment[]> {
  const rows = await db
    .selectFrom('appointments')
    .innerJoin('appointment_statuses', 'appointment_statuses.status_id', 'appointments.status_id')
    .select([
      'appointments.id',
      sql<string>`to_char(appointments.starts_at, 'YYYY-MM-DD')`.as('start_date'),
      sql<string>`to_char(appointments.starts_at, 'HH24:MI')`.as('start_time'),
    ])
    .where('appointments.order_ref', '=', orderRef)
    .where('appointment_statuses.blocks_slot', '=', true)
    .orderBy('appointments.starts_at')
    .execute();
  return rows.map((r) => ({ id: r.id, display_time: { start_date: r.start_date, start_time: r.start_time } }));
}

/** The stores appointments are booked at: active ones, the default first. */
export function activeLocations(db: Kysely<DB>) {
  return db
    .selectFrom('locations')
    .select(['location_id', 'name'])
    .where('status', '=', true)
    .orderBy('is_default', 'desc')
    .orderBy('location_id')
    .execute();
}

/** Every appointment status, in the shop's order. */
export function appointmentStatuses(db: Kysely<DB>) {
  return db.selectFrom('appointment_statuses').select(['status_id', 'name']).orderBy('sort_order').execute();
}
