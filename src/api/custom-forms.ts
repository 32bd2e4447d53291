import { queryOptions } from '@tanstack/react-query';
import {
  customFormReplySchema,
  formLocationsReplySchema,
  postSubmissionReplySchema,
  type PostSubmissionRequest,
} from '../contracts/custom-forms';
import {
  appointmentRequestsReplySchema,
  scheduleAppointmentReplySchema,
  type ScheduleAppointmentRequest,
} from '../contracts/schedule-appointment';
import { request, toQueryString } from './http';
import { z } from 'zod';

/** Custom form pages and the schedule appointment modal (storefront.md §7 "Forms"). */
const R = (route: string) => `/index.php?route=${route}`;

export const customFormQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['custom-form', slug] as const,
    queryFn: ({ signal }) => request(`/api/forms/${encodeURIComponent(slug)}`, customFormReplySchema, { signal }),
    staleTime: 5 * 60_000,
  });

export const formLocationsQueryOptions = queryOptions({
  queryKey: ['form-locations'] as const,
  queryFn: ({ signal }) =>
    request(R('module/forms/getLocations'), formLocationsReplySchema, { method: 'POST', body: {}, signal }),
  staleTime: 5 * 60_000,
});

/** postSubmission, form encoded as the spec says: submission_values travels as its JSON text. */
export function postSubmission(req: PostSubmissionRequest) {
  const body = new URLSearchParams({
    origin_url: req.origin_url,
    form_id: String(req.form_id),
    submission_values: JSON.stringify(req.submission_values),
  });
  if (req.captchaInput) body.set('captchaInput', req.captchaInput);
  return request(R('module/forms/postSubmission'), postSubmissionReplySchema, { method: 'POST', body });
}

/** The schedule appointment modal's serialized form. */
export function scheduleAppointment(req: ScheduleAppointmentRequest) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(req)) body.set(k, String(v));
  return request(R('information/schedule_appointment'), scheduleAppointmentReplySchema, { method: 'POST', body });
}

/** Staff: a day's appointment requests (the POS appointments day view). */
export const appointmentRequestsQueryOptions = (date: string, locationId: number | null) =>
  queryOptions({
    queryKey: ['appointment-requests', date, locationId] as const,
    queryFn: ({ signal }) =>
      request(
        `/api/appointment_requests${toQueryString({ date, location_id: locationId })}`,
        appointmentRequestsReplySchema,
        { signal },
      ),
  });

export function setAppointmentRequestStatus(id: string, status: 'booked' | 'dismissed') {
  return request('/api/appointment_requests/status', z.object({ success: z.literal(true) }), {
    method: 'POST',
    body: { id, status },
  });
}
