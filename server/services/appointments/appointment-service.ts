/**
 * Appointments at the counter (pos-back-office.md §7 getAppointmentData, addAppointment). Booking
 * runs the domain's appointment.book through the command runner (server/commands/runner.ts), so a booking posted here and one pushed
 * from a device's outbox go through the same applier (server/commands/appliers/appointments.ts:
 * references, double booking, the confirmation message).
 */
import { randomUUID } from 'node:crypto';
import type { AddAppointmentReply, AddAppointmentRequest, AppointmentData } from '../../../src/contracts/appointments';
import { APPOINTMENT_BOOKED } from '../../../src/contracts/appointments';
import type { OrderRefParam } from '../../../src/contracts/checkout-transactions';
import { ServiceError } from '../../errors';
import type { Actor } from '../../commands/actor';
import type { CommandRunner } from '../../commands/runner';
import { customerUuid, orderUuid } from '../pos/pos-lookups';
import { loadOrderInfo } from '../pos/pos-order-info';
import { activeLocations, appointmentStatuses } from './appointment-reads';

export class AppointmentService {
  constructor(private readonly commands: CommandRunner) {}

  async data(orderId: OrderRefParam, actor: Actor): Promise<AppointmentData> {
    const db = this.commands.reader;
    const adb = db;
    const ref = await orderUuid(db, orderId);
    const settings = await this.commands.settings(db);
    const info = await loadOrderInfo(db, ref, settings);
    const [bays, installers, locations, statuses, vehicles] = await Promise.all([
      adb
        .selectFrom('bays')
        .innerJoin('locations', 'locations.location_id', 'bays.location_id')
        .select(['bays.bay_id', 'bays.title', 'bays.location_id'])
        .where('locations.status', '=', true)
        .orderBy('bays.location_id')
        .orderBy('bays.bay_id')
        .execute(),
      adb
        .selectFrom('staff_users')
        .select(['user_id', 'firstname', 'lastname', 'username'])
        .where('role', '=', 'installer')
        .where('status', '=', true)
        .orderBy('user_id')
        .execute(),
      activeLocations(adb),
      appointmentStatuses(adb),
      info.customer_ref
        ? adb
            .selectFrom('customer_vehicles')
            .select(['vehicle_id', 'title'])
            .where('customer_id', '=', info.customer_ref)
            .orderBy('vehicle_id')
            .execute()
        : Promise.resolve([]),
    ]);
    const seen = new Set<number>();
    const products = info.products.flatMap((p) =>
      p.product_id !== null && !seen.has(p.product_id) && seen.add(p.product_id)
        ? [{ product_id: p.product_id, name: p.name }]
        : [],
    );
    return {
      bays,
      customerId: info.customer_id,
      customerRef: info.customer_ref,
      orderRef: ref,
      userId: Number(actor.id),
      installers: installers.map((u) => ({
        user_id: u.user_id,
        wholename: `${u.firstname} ${u.lastname}`.trim() || u.username,
      })),
      locations: locations.map((l) => ({ location_id: l.location_id, location_name: l.name })),
      products,
      statuses,
      timeSlotLength: settings.timeSlotLength,
      vehicles: vehicles.map((v) => ({ vehicle_id: v.vehicle_id, display: v.title || `Vehicle ${v.vehicle_id}` })),
      ymmEnabled: true,
    };
  }

  add(actor: Actor, f: AddAppointmentRequest): Promise<AddAppointmentReply> {
    const id = f.id ?? randomUUID();
    const [startDate = '', startTime = ''] = f.start.split(' ');
    return this.commands.transaction(actor, async (tx) => {
      const customer = await customerUuid(tx.trx, f.customer_id);
      const order = f.order_id === undefined ? null : await orderUuid(tx.trx, f.order_id);
      await this.commands.run(tx, 'appointment.book', {
        id,
        customer_ref: customer,
        order_ref: order,
        products: f.category_products,
        installers: f.user_id,
        location: f.location_id,
        bay: f.bay_id,
        startDate,
        startTime,
        duration: f.duration,
        status: f.status_id,
        note: f.appt_note,
        vehicle: f.vehicle_id,
        notifyCustomer: f.notify_customer,
      });
      const row = await tx.trx
        .selectFrom('appointments')
        .select(['appointment_id', 'bay_id', 'duration', 'status_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new ServiceError('internal', 'internal', 'The appointment was not stored.');
      return {
        success: APPOINTMENT_BOOKED,
        appt: {
          id,
          appointment_id: row.appointment_id,
          display_time: { start_date: startDate, start_time: startTime },
          bay_id: row.bay_id,
          duration: row.duration,
          status_id: row.status_id,
        },
      };
    });
  }
}
