/**
 * Schedule-appointment requests (storefront.md §2 "schedule appointment modal", §7 POST
 * /index.php?route=information/schedule_appointment, §8 'Request sent successfully!';
 * docs/decisions/storefront.md "Custom forms"): a shopper asks for a day and time at a store;
 * the store is mailed through the outbox and staff see the request on the POS appointments day
 * view of that date.
 *
 * Must stay true: a request is never an appointment (it blocks no bay and books nobody); staff
 * book it through the day view's own booking and mark it booked or dismissed here. The store
 * is one from the locations table; the mail goes to its own address. One solved captcha per
 * request, spent after the input is known to be good.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  REQUEST_SENT,
  type AppointmentRequest,
  type ScheduleAppointmentRequest,
} from '../../../src/contracts/schedule-appointment';
import type { SessionUser } from '../../../src/contracts/session';
import { CAPTCHA_NEEDED } from '../../../src/domain/forms/captcha';
import type { DB } from '../../db/schema';
import { ServiceError, notFound } from '../../errors';
import type { NotificationSender } from '../notifications/notification-sender';
import { deliverNow, queueStoreMail, storeRecipient } from './form-mail';

export class AppointmentRequestService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sender: Pick<NotificationSender, 'deliver'>,
  ) {}

  async request(
    f: ScheduleAppointmentRequest,
    user: SessionUser | null,
    consumeCaptcha: () => Promise<boolean>,
  ): Promise<{ success: typeof REQUEST_SENT; queued?: true }> {
    const store = await storeRecipient(this.db, f.location_id);
    if (!store)
      throw new ServiceError('refused', 'invalid_input', 'Please choose a store.', {
        location_id: ['Please choose a store.'],
      });
    if (!(await consumeCaptcha()))
      throw new ServiceError('refused', 'captcha_required', CAPTCHA_NEEDED, { captchaInput: [CAPTCHA_NEEDED] });
    const id = randomUUID();
    const actor = user ? `${user.kind}:${user.id}` : 'guest';
    const outboxId = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('appointment_requests')
        .values({
          id,
          name: f.name,
          email: f.email,
          phone: f.phone,
          vehicle: f.vehicle,
          preferred_date: f.date,
          preferred_time: f.time,
          location_id: store.location_id,
          message: f.message,
          actor_id: actor,
        })
        .execute();
      return queueStoreMail(trx, {
        kind: 'appointment_request',
        to: store.email,
        subject: `Appointment request: ${f.date} ${f.time}`,
        lines: [
          `Store: ${store.name}`,
          `Preferred: ${f.date} ${f.time}`,
          `Name: ${f.name}`,
          `Email: ${f.email}`,
          `Phone: ${f.phone}`,
          `Vehicle: ${f.vehicle || '(not given)'}`,
          '',
          f.message,
          '',
          'This is a request, not a booking: book it on the POS appointments screen.',
        ],
        actor,
        sourceRef: id,
      });
    });
    const sent = await deliverNow(this.sender, outboxId);
    return sent === 'queued' ? { success: REQUEST_SENT, queued: true } : { success: REQUEST_SENT };
  }

  /** A day's requests (staff), newest first; one store's when `locationId` is given. */
  async day(date: string, locationId?: number): Promise<{ requests: AppointmentRequest[] }> {
    let q = this.db
      .selectFrom('appointment_requests as r')
      .innerJoin('locations as l', 'l.location_id', 'r.location_id')
      .select([
        'r.id',
        'r.name',
        'r.email',
        'r.phone',
        'r.vehicle',
        'r.preferred_date',
        'r.preferred_time',
        'r.location_id',
        'l.name as location_name',
        'r.message',
        'r.status',
        'r.created_at',
      ])
      .where('r.preferred_date', '=', date);
    if (locationId !== undefined) q = q.where('r.location_id', '=', locationId);
    const rows = await q.orderBy('r.preferred_time').orderBy('r.created_at').execute();
    return { requests: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })) };
  }

  async setStatus(id: string, status: 'booked' | 'dismissed', staff: string): Promise<{ success: true }> {
    const r = await this.db
      .updateTable('appointment_requests')
      .set({ status, handled_by: staff, handled_at: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!r) throw notFound('This request could not be found.');
    return { success: true };
  }
}
