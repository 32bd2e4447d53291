/**
 * Does a booking clash with one this device already holds? (docs/decisions/appointments.md "A
 * clash the device can see".) The same rule as the server's check inside the booking's transaction
 * (server/commands/appliers/appointments.ts): a slot-blocking booking of the same bay, or of one of
 * the same installers, overlapping [start, start + duration); back to back is fine; the booking
 * itself (a move) never clashes with its own old slot. The device asks before it queues, so a clash
 * it can already see is said at once instead of coming back as a conflict at sync; the server's
 * check stays the one that decides.
 */
import { parseTime } from './forms/appointment';

export interface SlotBooking {
  id: string;
  bay_id: number;
  installers: readonly number[];
  start_date: string;
  start_time: string;
  duration: number;
  status_id: number;
}

export interface SlotClash {
  /** The booking already in the slot. */
  booked: SlotBooking;
  /** Clashes on the bay, else on this installer. */
  installer: number | null;
}

/**
 * `frees`: the statuses that free a slot (Cancelled, No Show); a candidate in one of them takes no
 * slot, so it clashes with nothing. Same-day bookings are compared.
 */
export function findSlotClash(
  candidate: Omit<SlotBooking, 'status_id'> & { status_id?: number },
  booked: readonly SlotBooking[],
  frees: ReadonlySet<number>,
): SlotClash | null {
  const start = parseTime(candidate.start_time);
  if (start === null || (candidate.status_id !== undefined && frees.has(candidate.status_id))) return null;
  const end = start + candidate.duration;
  // Overlapping slot-blocking bookings, earliest first (then by id), so the answer never depends on
  // the order the store handed them over.
  const overlapping = booked
    .filter((b) => {
      if (b.id === candidate.id || b.start_date !== candidate.start_date || frees.has(b.status_id)) return false;
      const bStart = parseTime(b.start_time);
      return bStart !== null && bStart < end && start < bStart + b.duration;
    })
    .sort((x, y) => x.start_time.localeCompare(y.start_time) || x.id.localeCompare(y.id));
  // The bay first: it is what the screen shows taken.
  const onBay = overlapping.find((b) => b.bay_id === candidate.bay_id);
  if (onBay) return { booked: onBay, installer: null };
  for (const b of overlapping) {
    const shared = candidate.installers.find((i) => b.installers.includes(i));
    if (shared !== undefined) return { booked: b, installer: shared };
  }
  return null;
}
