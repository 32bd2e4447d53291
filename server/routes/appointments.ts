/**
 * Appointments (pos-back-office.md §7): GET getAppointmentData?orderId= and POST addAppointment
 * (form-encoded or JSON), staff only. The spec's paths are relative to the screen that calls them
 * (the receipt and the checkout): both are served under /pos/checkout/ and /pos/order/.
 */
import type { FastifyInstance } from 'fastify';
import {
  addAppointmentRequestSchema,
  appointmentDataQuerySchema,
  dayQuerySchema,
  updateAppointmentRequestSchema,
  type AddAppointmentReply,
  type AppointmentData,
  type DayReply,
} from '../../src/contracts/appointments';
import { STAFF } from '../auth/access';
import { parse } from '../http/parse';
import type { AppointmentDayService } from '../services/appointments/appointment-day';
import type { AppointmentService } from '../services/appointments/appointment-service';
import { staffActor } from '../commands/actor';
import { pageOrCall } from './staff-cart';

const staff = { config: { access: STAFF } };

export interface AppointmentRouteDeps {
  appointments: AppointmentService;
  day: AppointmentDayService;
  /** Tries the confirmation the booking queued right after the commit (the retrying sender). */
  deliverSource?: (ref: string) => Promise<unknown>;
}

export function appointmentRoutes(app: FastifyInstance, deps: AppointmentRouteDeps): void {
  app.get('/api/appointments/day', staff, (req): Promise<DayReply> => {
    const q = parse(dayQuerySchema, req.query);
    return deps.day.day(q.location_id, q.date);
  });
  app.post('/api/appointments/update', staff, (req) =>
    deps.day.update(staffActor(req.user), parse(updateAppointmentRequestSchema, req.body ?? {})),
  );

  for (const base of ['/pos/checkout', '/pos/order']) {
    app.get(`${base}/getAppointmentData`, pageOrCall, (req): Promise<AppointmentData> =>
      deps.appointments.data(parse(appointmentDataQuerySchema, req.query).orderId, staffActor(req.user)),
    );
    app.post(`${base}/addAppointment`, staff, async (req): Promise<AddAppointmentReply> => {
      const reply = await deps.appointments.add(
        staffActor(req.user),
        parse(addAppointmentRequestSchema, req.body ?? {}),
      );
      // The booking stands whatever the mail server says; the outbox retries a message that did not go.
      if (deps.deliverSource) await deps.deliverSource(reply.appt.id).catch(() => undefined);
      return reply;
    });
  }
}
