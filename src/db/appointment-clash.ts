/**
 * The device's side of "is that slot free?" (docs/decisions/appointments.md "A clash the device can
 * see"): the bookings of that date this device holds (pulled, plus its own queued ones) checked by
 * the domain's rule, and the refusal worded like the server's, with the bay or installer and the
 * customer. Offline it knows what was last pulled; the server re-checks at sync either way.
 */
import { findSlotClash, type SlotBooking } from '../domain/appointment-clash';
import type { Appointment, Customer } from '../domain/mutations/records';
import type { PartsdeskDb } from './database';
import { lookupRows, type CachedInstaller } from './queries';

const hhmm = (m: number): string =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The message naming the booking already in the slot, or null when the device sees none. */
export async function deviceSlotClash(
  db: PartsdeskDb,
  candidate: Omit<SlotBooking, 'status_id'> & { status_id?: number },
): Promise<string | null> {
  const [statuses, locations, bays, installers] = await Promise.all([
    lookupRows<{ status_id: number; blocks_slot?: boolean }>(db, 'appointment_statuses'),
    lookupRows<{ location_id: number }>(db, 'locations'),
    lookupRows<{ bay_id: number; title: string }>(db, 'bays'),
    lookupRows<CachedInstaller>(db, 'installers'),
  ]);
  // An installer may be booked at another store the same day: every location's bookings of the date.
  const rows = (
    await Promise.all(
      locations.map(
        (l) =>
          db.appointments
            .where('[location_id+start_date]')
            .equals([l.location_id, candidate.start_date])
            .toArray() as unknown as Promise<Appointment[]>,
      ),
    )
  ).flat();
  const frees = new Set(statuses.filter((s) => s.blocks_slot === false).map((s) => s.status_id));
  const clash = findSlotClash(candidate, rows, frees);
  if (!clash) return null;
  const b = clash.booked as Appointment;
  const what =
    clash.installer === null
      ? (bays.find((x) => x.bay_id === b.bay_id)?.title ?? `Bay ${b.bay_id}`)
      : (installers.find((i) => i.user_id === clash.installer)?.wholename ?? 'The installer');
  const customer = (await db.customers.get(b.customer_ref)) as Customer | undefined;
  const who = customer ? `${customer.firstname} ${customer.lastname}`.trim() : 'another customer';
  const [h = 0, m = 0] = b.start_time.split(':').map(Number);
  const number = b.appointment_id === null ? 'not synced yet' : `appointment #${b.appointment_id}`;
  return `${what} is already booked ${b.start_date} ${b.start_time}-${hhmm(h * 60 + m + b.duration)} (${number}, ${who}). Choose another time, bay or installer.`;
}
