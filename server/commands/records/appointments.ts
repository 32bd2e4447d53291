/**
 * Booked appointments between SQL rows and the domain's Appointment record (the one the mutators
 * take and the devices store): `starts_at` (wall clock, no time zone) splits into start_date and
 * start_time, the installers come from appointment_installers (in user id order). Used by the
 * appliers (a day-view change loads the appointment FOR UPDATE) and by the pull (the wire row).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Appointment } from '../../../src/domain/mutations/records';
import { iso, type DB } from '../../db/schema';

/** The select's row: the record with the server's id, the raw created_at and the row version. */
interface AppointmentSql extends Omit<Appointment, 'appointment_id' | 'created_at'> {
  appointment_id: number;
  created_at: Date | string;
  version: string;
}

/** The select of appointment records, `where` on alias `a`; `lock` takes the rows FOR UPDATE. */
export function selectAppointments(where: RawBuilder<boolean>, lock = false): RawBuilder<AppointmentSql> {
  return sql<AppointmentSql>`
select a.id, a.appointment_id, a.customer_ref, a.order_ref, a.vehicle_id, a.products,
       array(select ai.user_id from appointment_installers ai where ai.appointment_ref = a.id order by ai.user_id) as installers,
       a.location_id, a.bay_id, to_char(a.starts_at, 'YYYY-MM-DD') as start_date, to_char(a.starts_at, 'HH24:MI') as start_time,
       a.duration, a.status_id, a.note, a.notify_customer, a.created_by, a.created_at, a.version
from appointments a
where ${where}
order by a.version${lock ? sql` for update of a` : sql``}`;
}

export function appointmentFromSql(r: AppointmentSql): Appointment {
  return {
    id: r.id,
    appointment_id: r.appointment_id,
    customer_ref: r.customer_ref,
    order_ref: r.order_ref,
    vehicle_id: r.vehicle_id,
    products: r.products.map(Number),
    installers: r.installers.map(Number),
    location_id: r.location_id,
    bay_id: r.bay_id,
    start_date: r.start_date,
    start_time: r.start_time,
    duration: r.duration,
    status_id: r.status_id,
    note: r.note,
    notify_customer: r.notify_customer,
    created_by: r.created_by,
    created_at: iso(r.created_at) ?? '',
  };
}

export async function loadAppointment(db: Kysely<DB>, id: string, lock: boolean): Promise<Appointment | undefined> {
  const r = await selectAppointments(sql<boolean>`a.id = ${id}`, lock).execute(db);
  const row = r.rows[0];
  return row ? appointmentFromSql(row) : undefined;
}
