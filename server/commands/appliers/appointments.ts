/**
 * Appointments on the server: booking (appointment.book: pushed from a device's outbox, or posted
 * to addAppointment) and the day view's move, status and cancel (below, `changeExtension`). The domain checks the form (slot grid, durations, customer); this
 * extension checks what only the database knows and stores the booking, in the same transaction:
 *
 * - the location is active, the bay is one of its bays, every installer is an active staff user
 *   with the installer role, the status exists, the order (when given) is this customer's or has
 *   no customer, the vehicle (when given) is this customer's;
 * - **no double booking**: the bay row and the installers' rows are locked (FOR UPDATE, installers
 *   in id order) before looking for a slot-blocking appointment of the same bay or of one of the
 *   installers overlapping [start, start + duration). Two bookings of the same bay or installer
 *   therefore run one after the other on both engines, and the second sees the first. A clash is
 *   refused `slot_taken` (409) naming both appointments; a device keeps it as a conflict.
 * - with Notify Customer, the confirmation email (and text when the customer agreed to texts) is
 *   queued in the same transaction (docs/decisions/notifications.md "Durable sending").
 */
import { sql, type Kysely } from 'kysely';
import type { Appointment } from '../../../src/domain/mutations/records';
import { refuse, type Refusal } from '../../../src/domain/refusal';
import type { DB } from '../../db/schema';
import { renderAppointment } from '../../services/notifications/notification-render';
import { queueNotifications } from '../../services/notifications/notification-queue';
import { domainApplier, type ApplierExtension } from './domain-applier';
import type { ApplierMap, ApplyContext } from './types';

const bad = (message: string): Refusal => refuse('invalid_args', message);

/** "YYYY-MM-DD HH:mm" of start + minutes (wall clock, no time zone). */
export function addMinutes(date: string, time: string, minutes: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi + minutes));
  return t.toISOString().slice(0, 16).replace('T', ' ');
}

interface Clash {
  id: string;
  appointment_id: number;
  starts: string;
  ends: string;
  bay_id: number;
  bay: string;
  customer: string;
  installer: string | null;
}

export async function findClash(
  db: Kysely<DB>,
  a: Appointment,
  start: string,
  end: string,
): Promise<Clash | undefined> {
  const installers = a.installers.length ? a.installers : [-1];
  const r = await sql<Clash>`
select a.id, a.appointment_id,
       to_char(a.starts_at, 'YYYY-MM-DD HH24:MI') as starts, to_char(a.ends_at, 'HH24:MI') as ends,
       a.bay_id, b.title as bay, trim(c.firstname || ' ' || c.lastname) as customer,
       (select trim(u.firstname || ' ' || u.lastname) from appointment_installers ai join staff_users u on u.user_id = ai.user_id
         where ai.appointment_ref = a.id and ai.user_id in (${sql.join(installers)}) order by u.user_id limit 1) as installer
from appointments a
join appointment_statuses s on s.status_id = a.status_id and s.blocks_slot
join bays b on b.bay_id = a.bay_id
join customers c on c.id = a.customer_ref
where a.id <> ${a.id}
  and a.starts_at < ${end}::timestamp and ${start}::timestamp < a.ends_at
  and (a.bay_id = ${a.bay_id} or exists (select 1 from appointment_installers ai where ai.appointment_ref = a.id and ai.user_id in (${sql.join(installers)})))
order by a.starts_at, a.appointment_id
limit 1`.execute(db);
  return r.rows[0];
}

export function clashMessage(c: Clash, a: Appointment, bayTitle: string, customer: string): string {
  const what = c.bay_id === a.bay_id ? bayTitle : `Installer ${c.installer ?? ''}`.trim();
  const end = addMinutes(a.start_date, a.start_time, a.duration).slice(11);
  return (
    `${what} is already booked ${c.starts}-${c.ends} (appointment #${c.appointment_id}, ${c.customer}). ` +
    `This booking (${customer}, ${a.start_date} ${a.start_time}-${end}) was not made.`
  );
}

/** Locks the appointment's bay (bookings of this bay wait here for each other); refused unless it is one of the location's. */
async function lockBay(db: Kysely<DB>, a: Appointment): Promise<{ title: string } | Refusal> {
  const bay = await db
    .selectFrom('bays')
    .select(['bay_id', 'title', 'location_id'])
    .where('bay_id', '=', a.bay_id)
    .forUpdate()
    .executeTakeFirst();
  if (!bay || bay.location_id !== a.location_id) return bad('Select a bay of this location');
  return bay;
}

async function check(db: Kysely<DB>, a: Appointment): Promise<Refusal | { bay: string }> {
  const loc = await db
    .selectFrom('locations')
    .select('location_id')
    .where('location_id', '=', a.location_id)
    .where('status', '=', true)
    .executeTakeFirst();
  if (!loc) return bad('Select a location');
  const bay = await lockBay(db, a);
  if ('ok' in bay) return bay;
  const ids = [...new Set(a.installers)].sort((x, y) => x - y);
  if (ids.length) {
    const staff = await db
      .selectFrom('staff_users')
      .select(['user_id', 'role', 'status'])
      .where('user_id', 'in', ids)
      .orderBy('user_id')
      .forUpdate()
      .execute();
    if (staff.length !== ids.length || staff.some((u) => u.role !== 'installer' || !u.status))
      return bad('Select installers from the list');
  }
  const status = await db
    .selectFrom('appointment_statuses')
    .select('status_id')
    .where('status_id', '=', a.status_id)
    .executeTakeFirst();
  if (!status) return bad('Select a status');
  if (a.order_ref) {
    const o = await db.selectFrom('orders').select('customer_uuid').where('id', '=', a.order_ref).executeTakeFirst();
    if (!o || (o.customer_uuid !== null && o.customer_uuid !== a.customer_ref))
      return refuse('not_found', 'Order not found');
  }
  if (a.vehicle_id !== null) {
    const v = await db
      .selectFrom('customer_vehicles')
      .select('customer_id')
      .where('vehicle_id', '=', a.vehicle_id)
      .executeTakeFirst();
    if (!v || v.customer_id !== a.customer_ref) return bad("Select one of the customer's vehicles");
  }
  const taken = await db.selectFrom('appointments').select('id').where('id', '=', a.id).executeTakeFirst();
  if (taken) return refuse('duplicate_id', 'This appointment already exists.');
  return { bay: bay.title };
}

const bookExtension: ApplierExtension = {
  load: () => Promise.resolve(),
  async write(state, changes, ctx: ApplyContext) {
    const a = changes.appointment;
    if (!a) return null;
    const db = ctx.trx;
    const ok = await check(db, a);
    if ('ok' in ok) return ok;
    const start = `${a.start_date} ${a.start_time}`;
    const end = addMinutes(a.start_date, a.start_time, a.duration);
    const customer = state.customer ? `${state.customer.firstname} ${state.customer.lastname}`.trim() : '';
    const clash = await findClash(db, a, start, end);
    if (clash) return refuse('slot_taken', clashMessage(clash, a, ok.bay, customer));
    await db
      .insertInto('appointments')
      .values({
        id: a.id,
        customer_ref: a.customer_ref,
        order_ref: a.order_ref,
        vehicle_id: a.vehicle_id,
        location_id: a.location_id,
        bay_id: a.bay_id,
        starts_at: start,
        ends_at: end,
        duration: a.duration,
        status_id: a.status_id,
        note: a.note,
        products: a.products,
        notify_customer: a.notify_customer,
        created_by: a.created_by,
      })
      .execute();
    const installers = [...new Set(a.installers)];
    if (installers.length)
      await db
        .insertInto('appointment_installers')
        .values(installers.map((user_id) => ({ appointment_ref: a.id, user_id })))
        .execute();
    if (a.notify_customer && state.customer) {
      const c = state.customer;
      const email = c.email.trim();
      const text = c.texting_alerts && c.telephone.trim() !== '';
      if (email || text) {
        const store = await db
          .selectFrom('locations')
          .select(['name', 'telephone'])
          .where('location_id', '=', a.location_id)
          .executeTakeFirstOrThrow();
        await queueNotifications(ctx.trx, {
          form: { notifyByEmail: email !== '', email, notifyByText: text, phone: c.telephone },
          msg: renderAppointment({
            store: store.name,
            telephone: store.telephone,
            customer,
            bay: ok.bay,
            date: a.start_date,
            time: a.start_time,
            duration: a.duration,
          }),
          kind: 'appointment',
          orderRef: a.order_ref,
          actorId: ctx.actor.id,
          sourceRef: a.id,
        });
      }
    }
    return null;
  },
};

/**
 * The day view's changes (appointment.move, appointment.setStatus, appointment.cancel): the domain
 * checked the form on the appointment loaded FOR UPDATE; this checks the status exists and the bay
 * is one of the appointment's location, then - when the new status blocks the slot - re-checks the
 * slot under the same locks and rule as booking (bay row, installers' rows in id order, overlap
 * query excluding the appointment itself), and writes the row (its version is bumped by the
 * trigger, migration 0022). A clash is refused `slot_taken` naming both appointments.
 */
const changeExtension: ApplierExtension = {
  load: () => Promise.resolve(),
  async write(state, changes, ctx: ApplyContext) {
    const a = changes.appointment;
    if (!a || !state.appointment) return null;
    const db = ctx.trx;
    const status = await db
      .selectFrom('appointment_statuses')
      .select(['status_id', 'blocks_slot'])
      .where('status_id', '=', a.status_id)
      .executeTakeFirst();
    if (!status) return bad('Select a status');
    const bay = await lockBay(db, a);
    if ('ok' in bay) return bay;
    if (a.installers.length)
      await db
        .selectFrom('staff_users')
        .select('user_id')
        .where(
          'user_id',
          'in',
          [...a.installers].sort((x, y) => x - y),
        )
        .orderBy('user_id')
        .forUpdate()
        .execute();
    const start = `${a.start_date} ${a.start_time}`;
    const end = addMinutes(a.start_date, a.start_time, a.duration);
    if (status.blocks_slot) {
      const clash = await findClash(db, a, start, end);
      if (clash) {
        const c = await db
          .selectFrom('customers')
          .select(['firstname', 'lastname'])
          .where('id', '=', a.customer_ref)
          .executeTakeFirst();
        return refuse('slot_taken', clashMessage(clash, a, bay.title, c ? `${c.firstname} ${c.lastname}`.trim() : ''));
      }
    }
    await db
      .updateTable('appointments')
      .set({
        bay_id: a.bay_id,
        starts_at: start,
        ends_at: end,
        duration: a.duration,
        status_id: a.status_id,
        updated_at: ctx.now,
      })
      .where('id', '=', a.id)
      .execute();
    return null;
  },
};

export const appointmentAppliers: ApplierMap = {
  'appointment.book': domainApplier('appointment.book', 'staff', bookExtension),
  'appointment.move': domainApplier('appointment.move', 'staff', changeExtension),
  'appointment.setStatus': domainApplier('appointment.setStatus', 'staff', changeExtension),
  'appointment.cancel': domainApplier('appointment.cancel', 'staff', changeExtension),
};
