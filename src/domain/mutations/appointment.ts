/** Book an appointment: a customer is required; the form is checked against the store's slot length. */
import { appointmentFormSchema, CUSTOMER_REQUIRED_TOOLTIP } from '../forms/appointment';
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
