/**
 * Book Appointment (pos-back-office.md §3, §5, §9): products and installers arrays of numbers;
 * location, bay, duration, status numbers; startDate (YYYY-MM-DD), startTime (HH:mm) whose minutes
 * are multiples of the time slot length; duration 15-480 in 15-minute steps; vehicle nullable.
 */
import { z } from 'zod';
import {
  APPOINTMENT_DURATION_STEP,
  APPOINTMENT_MAX_DURATION,
  APPOINTMENT_MIN_DURATION,
  APPOINTMENT_TIME_WINDOW_MS,
} from '../constants';
import { flag, REQUIRED } from './messages';

export const CUSTOMER_REQUIRED_TOOLTIP = 'Customer is required';
export const CUSTOMER_MUST_BE_SELECTED = 'A customer must be selected!';
export const APPOINTMENT_FAILED = 'Failed to book appointment';
export const slotMessage = (slot: number): string => `Start time must be on a ${slot}-minute slot`;
export const DURATION_MESSAGE = `Duration must be ${APPOINTMENT_MIN_DURATION} to ${APPOINTMENT_MAX_DURATION} minutes in steps of ${APPOINTMENT_DURATION_STEP}`;
export const INVALID_DATE = 'Invalid date';
export const INVALID_TIME = 'Invalid time';

/** A booked appointment on the receipt: "{date} @ {time}" (pos-back-office.md §2 POS receipt page). */
export const appointmentLabel = (t: { start_date: string; start_time: string }): string =>
  `${t.start_date} @ ${t.start_time}`;

/** Minutes past midnight of "HH:mm", or null when malformed. */
export function parseTime(s: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(s);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function isValidDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= (days[mo - 1] ?? 0);
}

export const isValidDuration = (n: number): boolean =>
  Number.isInteger(n) &&
  n >= APPOINTMENT_MIN_DURATION &&
  n <= APPOINTMENT_MAX_DURATION &&
  n % APPOINTMENT_DURATION_STEP === 0;

/** Durations offered: 15-minute steps up to 480, starting at the slot length (at least 15). */
export function durationOptions(slotLength: number): number[] {
  const out: number[] = [];
  for (let d = APPOINTMENT_MIN_DURATION; d <= APPOINTMENT_MAX_DURATION; d += APPOINTMENT_DURATION_STEP)
    if (d >= slotLength) out.push(d);
  return out;
}

/** Where the start times offered begin (ours: docs/decisions/appointments.md "Start times"). */
export const APPOINTMENT_DAY_START = '08:00';

const hhmm = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * Start times offered ("HH:mm") on the slot grid, within the 8-hour window from
 * APPOINTMENT_DAY_START (§9 "time options within 8 hours (28,800,000 ms)"): 08:00 up to the last
 * slot before 16:00. `keep` (a booking's current start, when it lies outside) is offered too, in
 * its place, so a select never loses the value it shows.
 */
export function startTimeOptions(slotLength: number, keep?: string): string[] {
  const slot = Math.max(1, Math.floor(slotLength));
  const from = parseTime(APPOINTMENT_DAY_START) ?? 0;
  const out: string[] = [];
  for (let m = from; m < from + APPOINTMENT_TIME_WINDOW_MS / 60_000 && m < 24 * 60; m += slot) out.push(hhmm(m));
  if (keep !== undefined && parseTime(keep) !== null && !out.includes(keep)) out.push(keep);
  return out.sort();
}

const num = z.coerce.number().int();

export function appointmentFormSchema(timeSlotLength: number) {
  const slot = Math.max(1, Math.floor(timeSlotLength));
  return z.object({
    products: z.array(num).default([]),
    installers: z.array(num).default([]),
    location: num.positive(REQUIRED),
    bay: num.positive(REQUIRED),
    startDate: z.string().refine(isValidDate, INVALID_DATE),
    startTime: z
      .string()
      .refine((s) => parseTime(s) !== null, INVALID_TIME)
      .refine((s) => (parseTime(s) ?? 0) % slot === 0, slotMessage(slot)),
    duration: num.refine(isValidDuration, DURATION_MESSAGE),
    status: num.positive(REQUIRED),
    note: z.string().default(''),
    vehicle: num.nullable().default(null),
    notifyCustomer: flag.default(false),
  });
}
export type AppointmentForm = z.infer<ReturnType<typeof appointmentFormSchema>>;

/** When exactly one option exists it is preselected. */
export function preselect<T>(options: readonly T[]): T | null {
  return options.length === 1 ? (options[0] ?? null) : null;
}

/** Bays are filtered by the chosen location. */
export function baysForLocation<T extends { location_id: number }>(bays: readonly T[], locationId: number | null): T[] {
  return locationId === null ? [] : bays.filter((b) => b.location_id === locationId);
}
