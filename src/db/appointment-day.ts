/**
 * The appointments day view read from the device cache (docs/decisions/appointments.md "Day view
 * on the device"): one location's bays and the day's booked appointments as this device knows them
 * (pulled, plus changes queued here and not yet answered), with the names the screen shows joined
 * from the cached customers, vehicles, orders, installers and statuses. Works offline.
 */
import type { DayAppointment, DayReply } from '../contracts/appointments';
import type { Appointment, Customer, Order, Vehicle } from '../domain/mutations/records';
import type { PartsdeskDb } from './database';
import { lookupRows, storeSettings, type CachedInstaller } from './queries';

export interface DeviceDayAppointment extends Omit<DayAppointment, 'appointment_id'> {
  /** null until the server numbered a booking made on this device. */
  appointment_id: number | null;
  /** A change to it is queued on this device and not yet answered by the server. */
  pending: boolean;
  /** The installers' ids (`installers` has their names): a move checks their other bookings. */
  installer_ids: number[];
}

export interface DeviceDay extends Omit<DayReply, 'appointments'> {
  appointments: DeviceDayAppointment[];
}

const endTime = (time: string, minutes: number): string => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const t = (h * 60 + m + minutes) % (24 * 60);
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
};

export async function appointmentDay(db: PartsdeskDb, locationId: number, date: string): Promise<DeviceDay> {
  const [bays, statuses, locations, installers, settings] = await Promise.all([
    lookupRows<{ bay_id: number; title: string; location_id: number }>(db, 'bays'),
    lookupRows<{ status_id: number; name: string; sort_order: number }>(db, 'appointment_statuses'),
    lookupRows<{ location_id: number; name: string; status: boolean; is_default: boolean }>(db, 'locations'),
    lookupRows<CachedInstaller>(db, 'installers'),
    storeSettings(db),
  ]);
  const rows = (await db.appointments
    .where('[location_id+start_date]')
    .equals([locationId, date])
    .toArray()) as unknown as Appointment[];
  const statusName = new Map(statuses.map((s) => [s.status_id, s.name]));
  const installerName = new Map(installers.map((i) => [i.user_id, i.wholename]));
  const appointments: DeviceDayAppointment[] = [];
  // By start and bay; same slot (a cancelled booking and its replacement): the older booking first.
  const byNumber = (a: Appointment) => a.appointment_id ?? Number.MAX_SAFE_INTEGER;
  const ordered = rows.sort(
    (x, y) =>
      x.start_time.localeCompare(y.start_time) ||
      x.bay_id - y.bay_id ||
      byNumber(x) - byNumber(y) ||
      x.id.localeCompare(y.id),
  );
  for (const a of ordered) {
    const customer = (await db.customers.get(a.customer_ref)) as Customer | undefined;
    const order = a.order_ref ? ((await db.orders.get(a.order_ref)) as Order | undefined) : undefined;
    const vehicle =
      a.vehicle_id === null
        ? undefined
        : ((await db.vehicles
            .where('customer_ref')
            .equals(a.customer_ref)
            .filter((v) => v.vehicle_id === a.vehicle_id)
            .first()) as Vehicle | undefined);
    appointments.push({
      id: a.id,
      appointment_id: a.appointment_id,
      bay_id: a.bay_id,
      start_date: a.start_date,
      start_time: a.start_time,
      end_time: endTime(a.start_time, a.duration),
      duration: a.duration,
      status_id: a.status_id,
      status: statusName.get(a.status_id) ?? '',
      customer: customer ? `${customer.firstname} ${customer.lastname}`.trim() : '',
      vehicle: vehicle ? vehicle.title || null : null,
      installers: a.installers.map((id) => installerName.get(id) ?? `#${id}`),
      installer_ids: a.installers,
      note: a.note,
      order_id: order?.order_id ?? null,
      pending: (await db.dirty.get(['appointments', a.id])) !== undefined,
    });
  }
  return {
    bays: bays
      .filter((b) => b.location_id === locationId)
      .sort((x, y) => x.bay_id - y.bay_id)
      .map((b) => ({ bay_id: b.bay_id, title: b.title })),
    statuses: statuses
      .sort((x, y) => x.sort_order - y.sort_order)
      .map((s) => ({ status_id: s.status_id, name: s.name })),
    locations: locations
      .filter((l) => l.status !== false)
      .sort((x, y) => Number(y.is_default) - Number(x.is_default) || x.location_id - y.location_id)
      .map((l) => ({ location_id: l.location_id, location_name: l.name })),
    timeSlotLength: settings.timeSlotLength,
    appointments,
  };
}
