/**
 * Custom form pages and the schedule appointment modal (storefront.md §7 "Forms";
 * docs/decisions/storefront.md "Custom forms"):
 * - GET /api/forms/{slug}: the form to draw (public; our path).
 * - index.php?route=module/forms/getLocations (POST): the stores a store_select field offers.
 * - index.php?route=module/forms/postSubmission (POST, form encoded or JSON): a submission.
 * - index.php?route=information/schedule_appointment (POST, serialized form): a request.
 * - GET /api/appointment_requests?date&location_id, POST /api/appointment_requests/status (staff):
 *   the POS appointments day view's requests.
 * The captcha is the same port as Contact Us (index.php?route=tool/captcha for the challenge).
 */
import type { FastifyInstance } from 'fastify';
import { customFormParamsSchema, postSubmissionRequestSchema } from '../../src/contracts/custom-forms';
import {
  appointmentRequestStatusSchema,
  appointmentRequestsQuerySchema,
  scheduleAppointmentRequestSchema,
} from '../../src/contracts/schedule-appointment';
import type { CaptchaProvider } from '../adapters/captcha/types';
import { STAFF } from '../auth/access';
import { staffActor } from '../commands/actor';
import { indexPhp } from '../http/index-php';
import { parse } from '../http/parse';
import { WindowLimiter } from '../services/catalog/product-rate-limit';
import type { AppointmentRequestService } from '../services/forms/appointment-request-service';
import type { FormService } from '../services/forms/form-service';
import type { HitCounter } from '../services/session/hit-counter';

export interface FormRouteDeps {
  forms: FormService;
  requests: AppointmentRequestService;
  captcha: CaptchaProvider;
  /** Where the per-address windows are counted; default this process's memory. */
  hits?: HitCounter;
}

export function formRoutes(app: FastifyInstance, deps: FormRouteDeps): void {
  // Per address: every submission is counted (a form without a captcha is the cheapest to spam).
  const submissions = new WindowLimiter('forms.submission', 20, 10 * 60_000, deps.hits);
  const requests = new WindowLimiter('forms.appointment', 10, 10 * 60_000, deps.hits);

  app.get('/api/forms/:slug', { config: { access: 'public' } }, (req) =>
    deps.forms.get(parse(customFormParamsSchema, req.params).slug),
  );

  const router = indexPhp(app);
  router.post('module/forms/getLocations', 'public', () => deps.forms.locations());

  router.post('module/forms/postSubmission', 'public', async (req) => {
    await submissions.take(req.ip);
    const body = parse(postSubmissionRequestSchema, req.body ?? {});
    return deps.forms.submit(body, req.user, () => deps.captcha.consume(body.captchaInput));
  });

  router.post('information/schedule_appointment', 'public', async (req) => {
    await requests.take(req.ip);
    const body = parse(scheduleAppointmentRequestSchema, req.body ?? {});
    return deps.requests.request(body, req.user, () => deps.captcha.consume(body.captchaInput));
  });

  const staff = { config: { access: STAFF } };
  app.get('/api/appointment_requests', staff, (req) => {
    const q = parse(appointmentRequestsQuerySchema, req.query);
    return deps.requests.day(q.date, q.location_id);
  });
  app.post('/api/appointment_requests/status', staff, (req) => {
    const actor = staffActor(req.user);
    const body = parse(appointmentRequestStatusSchema, req.body ?? {});
    return deps.requests.setStatus(body.id, body.status, `staff:${actor.id}`);
  });
}
