/**
 * Appointments: book one (a customer is required; the form is checked against the store's slot
 * length), and the day view's changes of a booked one - move, status, cancel.
 */
import {
  appointmentFormSchema,
  CUSTOMER_REQUIRED_TOOLTIP,
  DURATION_MESSAGE,
  isValidDate,
  isValidDuration,
  parseTime,
  slotMessage,
} from '../forms/appointment';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { parseOrRefuse } from './first-issue';
import type { Appointment } from './records';
import { applied, type Mutator } from './types';

export const bookAppointment: Mutator<MutationArgs<'appointment.book'>> = (state, args, ctx) => {
  if (args.customer_ref === null || !state.customer || state.customer.id !== args.customer_ref) {
    return refuse('customer_required', CUSTOMER_REQUIRED_TOOLTIP);
  }
  const form = parseOrRefuse(appointmentFormSchema(ctx.settings.timeSlotLength), args);
  if (!form.ok) return form;
  const f = form.value;
  const appointment: Appointment = {
    id: args.id,
    appointment_id: null,
    customer_ref: args.customer_ref,
    order_ref: args.order_ref,
    vehicle_id: f.vehicle,
    products: f.products,
    installers: f.installers,
    location_id: f.location,
    bay_id: f.bay,
    start_date: f.startDate,
    start_time: f.startTime,
    duration: f.duration,
    status_id: f.status,
    note: f.note,
    notify_customer: f.notifyCustomer,
    created_by: ctx.actor.id,
    created_at: ctx.now,
  };
  return applied({ appointment });
};

/** The status "Cancelled" (migration 0018-d): it frees the bay and the installers. */
export const APPOINTMENT_CANCELLED = 5;
export const UNKNOWN_APPOINTMENT = 'Unknown appointment';
export const START_FORMAT = 'Start must be YYYY-MM-DD HH:mm';

/**
 * Move a booked appointment to another bay of its location and/or another start (and optionally
 * another duration), on the store's slot grid. Whether the new slot is free is the server's
 * question (server/commands/appliers/appointments.ts): a device checks only the form.
 */
export const moveAppointment: Mutator<MutationArgs<'appointment.move'>> = (state, args, ctx) => {
  const a = state.appointment;
  if (!a || a.id !== args.appointment_ref) return refuse('not_found', UNKNOWN_APPOINTMENT);
  const slot = Math.max(1, Math.floor(ctx.settings.timeSlotLength));
  const minutes = parseTime(args.startTime);
  if (!isValidDate(args.startDate) || minutes === null) return refuse('invalid_args', START_FORMAT);
  if (minutes % slot !== 0) return refuse('invalid_args', slotMessage(slot));
  const duration = args.duration ?? a.duration;
  if (!isValidDuration(duration)) return refuse('invalid_args', DURATION_MESSAGE);
  return applied({
    appointment: { ...a, bay_id: args.bay, start_date: args.startDate, start_time: args.startTime, duration },
  });
};

/** Set a booked appointment's status (the server checks the status exists and re-checks the slot). */
export const setAppointmentStatus: Mutator<MutationArgs<'appointment.setStatus'>> = (state, args) => {
  const a = state.appointment;
  if (!a || a.id !== args.appointment_ref) return refuse('not_found', UNKNOWN_APPOINTMENT);
  return applied({ appointment: { ...a, status_id: args.status } });
};

/** Cancel a booked appointment: status Cancelled, which frees its slot. Cancelling twice changes nothing. */
export const cancelAppointment: Mutator<MutationArgs<'appointment.cancel'>> = (state, args) => {
  const a = state.appointment;
  if (!a || a.id !== args.appointment_ref) return refuse('not_found', UNKNOWN_APPOINTMENT);
  return applied({ appointment: { ...a, status_id: APPOINTMENT_CANCELLED } });
};
