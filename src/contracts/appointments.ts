/**
 * Appointments (pos-back-office.md §3 "Appointment data", "Appointment form"; §7
 * getAppointmentData, addAppointment): the wire of both calls. The form's rules (slot grid,
 * durations) are the domain's (src/domain/forms/appointment.ts), run again by the server's
 * appointment.book; the server re-checks bays, installers, the order's customer and double booking.
 */
import { z } from 'zod';
import { orderRefParam } from './checkout-transactions';
import { bookedAppointmentSchema } from './checkout-transactions';
import { customerRefParam } from './staff-cart';

/** GET getAppointmentData?orderId= */
export const appointmentDataQuerySchema = z.object({ orderId: orderRefParam });

export const appointmentDataSchema = z.object({
  bays: z.array(z.object({ bay_id: z.number().int(), title: z.string(), location_id: z.number().int() })),
  customerId: z.number().int().nullable(),
  /** The customer's uuid (what appointment.book names). */
  customerRef: z.uuid().nullable(),
  orderRef: z.uuid(),
  userId: z.number().int(),
  installers: z.array(z.object({ user_id: z.number().int(), wholename: z.string() })),
  locations: z.array(z.object({ location_id: z.number().int(), location_name: z.string() })),
  products: z.array(z.object({ product_id: z.number().int(), name: z.string() })),
  statuses: z.array(z.object({ status_id: z.number().int(), name: z.string() })),
  timeSlotLength: z.number().int(),
  vehicles: z.array(z.object({ vehicle_id: z.number().int(), display: z.string() })),
  ymmEnabled: z.boolean(),
});
export type AppointmentData = z.infer<typeof appointmentDataSchema>;

const ids = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
  z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(20),
);
const int = z.coerce.number().int().positive().max(2_147_483_647);
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on', ''])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');

/** POST addAppointment (form): the spec's field names. `created_by` is ignored (the server's actor books). */
export const addAppointmentRequestSchema = z.object({
  /** Our addition: the client's id for the booking, so a retried post does not book twice. */
  id: z.uuid().optional(),
  bay_id: int,
  duration: z.coerce.number().int(),
  user_id: ids.default([]),
  location_id: int,
  appt_note: z.string().max(1000, 'Maximum 1000 characters').default(''),
  category_products: ids.default([]),
  start: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'Start must be YYYY-MM-DD HH:mm'),
  status_id: int,
  customer_id: customerRefParam,
  order_id: orderRefParam.optional(),
  created_by: z.unknown().optional(),
  vehicle_id: z.preprocess((v) => (v === '' || v === 'null' ? null : v), int.nullable()).default(null),
  notify_customer: flag.default(false),
});
export type AddAppointmentRequest = z.infer<typeof addAppointmentRequestSchema>;

export const APPOINTMENT_BOOKED = 'The appointment was booked.';
export const addAppointmentReplySchema = z.object({
  success: z.string(),
  appt: bookedAppointmentSchema.extend({
    appointment_id: z.number().int(),
    bay_id: z.number().int(),
    duration: z.number().int(),
    status_id: z.number().int(),
  }),
});
export type AddAppointmentReply = z.infer<typeof addAppointmentReplySchema>;

/** GET /api/appointments/day?location_id=&date=: the day view (our path; §2 lists /pos/appointments as a screen only). */
export const dayQuerySchema = z.object({
  location_id: int,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD'),
});
export const dayAppointmentSchema = z.object({
  id: z.uuid(),
  appointment_id: z.number().int(),
  bay_id: z.number().int(),
  start_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  duration: z.number().int(),
  status_id: z.number().int(),
  status: z.string(),
  customer: z.string(),
  vehicle: z.string().nullable(),
  installers: z.array(z.string()),
  note: z.string(),
  order_id: z.number().int().nullable(),
});
export type DayAppointment = z.infer<typeof dayAppointmentSchema>;
export const dayReplySchema = z.object({
  bays: z.array(z.object({ bay_id: z.number().int(), title: z.string() })),
  statuses: z.array(z.object({ status_id: z.number().int(), name: z.string() })),
  locations: z.array(z.object({ location_id: z.number().int(), location_name: z.string() })),
  timeSlotLength: z.number().int(),
  appointments: z.array(dayAppointmentSchema),
});
export type DayReply = z.infer<typeof dayReplySchema>;

/** POST /api/appointments/update: change status, move (bay, start, duration) or cancel (status Cancelled). */
export const updateAppointmentRequestSchema = z
  .object({
    id: z.uuid({ error: 'Unknown appointment' }),
    status_id: int.optional(),
    bay_id: int.optional(),
    start: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'Start must be YYYY-MM-DD HH:mm')
      .optional(),
    duration: z.coerce.number().int().optional(),
  })
  .refine(
    (v) => v.status_id !== undefined || v.bay_id !== undefined || v.start !== undefined || v.duration !== undefined,
    { message: 'Nothing to change', path: ['id'] },
  );
export const APPOINTMENT_UPDATED = 'The appointment was updated.';
/** The day view's change made offline: queued in the outbox, applied when the server is reached. */
export const APPOINTMENT_UPDATE_QUEUED =
  'The change is saved on this device and made on the server when it can be reached.';
