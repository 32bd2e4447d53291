import { z } from 'zod';
import { CAPTCHA_INPUT_MAX, CAPTCHA_MISMATCH } from '../domain/forms/captcha';
import { isDate, isTime } from '../domain/forms/custom-form';
import { emailField, phoneField, REQUIRED } from '../domain/forms/messages';

/**
 * The schedule appointment modal (storefront.md §2 "Other page elements", §7 "Forms": POST
 * /index.php?route=information/schedule_appointment, serialized form; §8 "'Request sent
 * successfully!' toast (5 s) on success; on failure the response error appears in the alert
 * area"). The fields are ours (the spec names none): docs/decisions/storefront.md "Custom forms".
 * A request is not an appointment: staff see it on the POS day view and book it themselves.
 * GET /api/appointment_requests?date&location_id: that day's requests (staff).
 */
export const REQUEST_SENT = 'Request sent successfully!';

export const scheduleAppointmentRequestSchema = z.object({
  name: z.string().trim().min(1, REQUIRED).max(100, 'Maximum 100 characters'),
  email: emailField(true),
  phone: phoneField(true),
  vehicle: z.string().trim().max(200, 'Maximum 200 characters').default(''),
  date: z.string().trim().refine(isDate, 'Must be a valid date!'),
  time: z.string().trim().refine(isTime, 'Must be a valid time!'),
  location_id: z.coerce
    .number({ error: 'Please choose a store.' })
    .int('Please choose a store.')
    .positive('Please choose a store.')
    .max(2_147_483_647, 'Please choose a store.'),
  message: z.string().trim().max(2000, 'Maximum 2000 characters').default(''),
  captchaInput: z.string().trim().max(CAPTCHA_INPUT_MAX, CAPTCHA_MISMATCH).default(''),
});
export type ScheduleAppointmentRequest = z.infer<typeof scheduleAppointmentRequestSchema>;

export const scheduleAppointmentReplySchema = z.object({
  success: z.literal(REQUEST_SENT),
  queued: z.literal(true).optional(),
});

export const appointmentRequestsQuerySchema = z.object({
  date: z.string().refine(isDate, 'Must be a valid date!'),
  location_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const appointmentRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  vehicle: z.string(),
  preferred_date: z.string(),
  preferred_time: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  message: z.string(),
  status: z.enum(['requested', 'booked', 'dismissed']),
  created_at: z.string(),
});
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;
export const appointmentRequestsReplySchema = z.object({ requests: z.array(appointmentRequestSchema) });
export type AppointmentRequestsReply = z.infer<typeof appointmentRequestsReplySchema>;

/** POST /api/appointment_requests/status {id, status}: staff mark a request booked or dismissed. */
export const appointmentRequestStatusSchema = z.object({
  id: z.uuid('Unknown request.'),
  status: z.enum(['booked', 'dismissed']),
});
