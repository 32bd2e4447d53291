/**
 * The appointments day view on the server (docs/decisions/appointments.md "Day view"): one
 * location's bays and the day's appointments (`GET /api/appointments/day`), and the call form of
 * the changes staff make there (`POST /api/appointments/update`: status, move, cancel).
 *
 * The POS screen itself reads the device store and queues the same changes as mutations
 * (appointment.move, appointment.setStatus, appointment.cancel in src/domain/mutations/appointment.ts),
 * so a change made here and one pushed from a device run the same applier
 * (server/commands/appliers/appointments.ts: the slot re-checked under the booking's locks, the row's
 * version bumped by its trigger, migration 0022). Like booking, these changes write no audit entry:
 * the audit log records what moves money or tax (docs/decisions/server.md "Audit log"); a pushed
 * change is kept with its actor in sync_mutations.
 */
import { sql, type Kysely } from 'kysely';
import {
  APPOINTMENT_UPDATED,
  type DayReply,
  type updateAppointmentRequestSchema,
} from '../../../src/contracts/appointments';
import { APPOINTMENT_CANCELLED, UNKNOWN_APPOINTMENT } from '../../../src/domain/mutations/appointment';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { addMinutes } from '../../commands/appliers/appointments';
import { loadAppointment } from '../../commands/records/appointments';
import type { Actor } from '../../commands/actor';
import type { CommandRunner } from '../../commands/runner';
import { activeLocations, appointmentStatuses } from './appointment-reads';

export class AppointmentDayService {
  constructor(private readonly commands: CommandRunner) {}

  private get db(): Kysely<DB> {
    return this.commands.reader;
  }

  async day(locationId: number, date: string): Promise<DayReply> {
    const db = this.db;
    const settings = await this.commands.settings(this.commands.reader);
    const next = addMinutes(date, '00:00', 24 * 60);
    const [bays, statuses, locations, rows] = await Promise.all([
      db
        .selectFrom('bays')
        .select(['bay_id', 'title'])
        .where('location_id', '=', locationId)
        .orderBy('bay_id')
        .execute(),
      appointmentStatuses(db),
      activeLocations(db),
      sql<{
        id: string;
        appointment_id: number;
        bay_id: number;
        start_date: string;
        start_time: string;
        end_time: string;
        duration: number;
        status_id: number;
        status: string;
        customer: string;
        vehicle: string | null;
        installers: string | null;
        note: string;
        order_id: number | null;
      }>`
select a.id, a.appointment_id, a.bay_id, to_char(a.starts_at, 'YYYY-MM-DD') as start_date, to_char(a.starts_at, 'HH24:MI') as start_time,
       to_char(a.ends_at, 'HH24:MI') as end_time, a.duration, a.status_id, s.name as status,
       trim(c.firstname || ' ' || c.lastname) as customer, v.title as vehicle, a.note, o.order_id,
       (select string_agg(trim(u.firstname || ' ' || u.lastname), '|' order by u.user_id) from appointment_installers ai join staff_users u on u.user_id = ai.user_id where ai.appointment_ref = a.id) as installers
from appointments a
join appointment_statuses s on s.status_id = a.status_id
join customers c on c.id = a.customer_ref
left join customer_vehicles v on v.vehicle_id = a.vehicle_id
left join orders o on o.id = a.order_ref
where a.location_id = ${locationId} and a.starts_at >= ${`${date} 00:00`}::timestamp and a.starts_at < ${next}::timestamp
order by a.starts_at, a.bay_id`.execute(db),
    ]);
    return {
      bays,
      statuses,
      locations: locations.map((l) => ({ location_id: l.location_id, location_name: l.name })),
      timeSlotLength: settings.timeSlotLength,
      appointments: rows.rows.map((r) => ({ ...r, installers: r.installers ? r.installers.split('|') : [] })),
    };
  }

  /**
   * POST /api/appointments/update: the same mutations a device queues from the day view, run
   * through the command runner in one transaction (a status first, then a move): appointment.cancel
   * for Cancelled, appointment.setStatus for any other status, appointment.move for a bay, start or
   * duration. Refusals answer with the status of server/commands/refusals.ts (slot_taken 409).
   */
  async update(actor: Actor, f: z.output<typeof updateAppointmentRequestSchema>): Promise<{ success: string }> {
    return this.commands.transaction(actor, async (tx) => {
      const cur = await loadAppointment(tx.trx, f.id, false);
      if (!cur) throw notFound(UNKNOWN_APPOINTMENT);
      if (f.status_id !== undefined) {
        if (f.status_id === APPOINTMENT_CANCELLED)
          await this.commands.run(tx, 'appointment.cancel', { appointment_ref: f.id });
        else await this.commands.run(tx, 'appointment.setStatus', { appointment_ref: f.id, status: f.status_id });
      }
      if (f.bay_id !== undefined || f.start !== undefined || f.duration !== undefined) {
        const [startDate = '', startTime = ''] = (f.start ?? `${cur.start_date} ${cur.start_time}`).split(' ');
        await this.commands.run(tx, 'appointment.move', {
          appointment_ref: f.id,
          bay: f.bay_id ?? cur.bay_id,
          startDate,
          startTime,
          duration: f.duration ?? null,
        });
      }
      return { success: APPOINTMENT_UPDATED };
    });
  }
}
