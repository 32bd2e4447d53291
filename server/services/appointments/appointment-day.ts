/**
 * The appointments day view (docs/decisions/appointments.md "Day view"): one location's bays and
 * the day's appointments, and changes staff make there - status, move (bay, start, duration),
 * cancel. A move re-checks the slot under the same locks and rule as booking (bay row, then the
 * installers' rows, then the overlap query), so a move cannot double-book either.
 *
 * A change runs as a command of the runner (server/commands/runner.ts: one transaction holding the
 * pull's version horizon, retried on a lost race, in the name of the staff user, at server time)
 * and bumps the row's version (the appointments table has no version trigger, migration 0018-d).
 * It is not a domain mutation with an applier: no device makes it (bookings are not in the device
 * store) and the domain has no mutator for it; nor is it audited: the audit log records what moves
 * money or tax (docs/decisions/server.md "Audit log"). docs/decisions/appointments.md "Day view (server)".
 */
import { sql, type Kysely } from 'kysely';
import {
  APPOINTMENT_UPDATED,
  type DayReply,
  type updateAppointmentRequestSchema,
} from '../../../src/contracts/appointments';
import {
  DURATION_MESSAGE,
  isValidDuration,
  isValidDate,
  parseTime,
  slotMessage,
} from '../../../src/domain/forms/appointment';
import type { Appointment } from '../../../src/domain/mutations/records';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { ServiceError, notFound } from '../../errors';
import { addMinutes, clashMessage, findClash } from '../../commands/appliers/appointments';
import type { Actor } from '../../commands/actor';
import type { CommandRunner } from '../../commands/runner';

const bad = (field: string, message: string) =>
  new ServiceError('invalid', 'invalid_input', message, { [field]: [message] });

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
      db.selectFrom('appointment_statuses').select(['status_id', 'name']).orderBy('sort_order').execute(),
      db
        .selectFrom('locations')
        .select(['location_id', 'name'])
        .where('status', '=', true)
        .orderBy('is_default', 'desc')
        .orderBy('location_id')
        .execute(),
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

  async update(actor: Actor, f: z.output<typeof updateAppointmentRequestSchema>): Promise<{ success: string }> {
    return this.commands.transaction(actor, async (tx) => {
      const trx = tx.trx;
      const slot = Math.max(1, (await tx.settings()).timeSlotLength);
      const cur = await trx
        .selectFrom('appointments')
        .select([
          'id',
          'bay_id',
          'location_id',
          'duration',
          'status_id',
          'customer_ref',
          sql<string>`to_char(starts_at, 'YYYY-MM-DD HH24:MI')`.as('start'),
        ])
        .where('id', '=', f.id)
        .forUpdate()
        .executeTakeFirst();
      if (!cur) throw notFound('Unknown appointment');
      const start = f.start ?? cur.start;
      const [date = '', time = ''] = start.split(' ');
      if (!isValidDate(date) || parseTime(time) === null) throw bad('start', 'Start must be YYYY-MM-DD HH:mm');
      if ((parseTime(time) ?? 0) % slot !== 0) throw bad('start', slotMessage(slot));
      const duration = f.duration ?? cur.duration;
      if (!isValidDuration(duration)) throw bad('duration', DURATION_MESSAGE);
      const bayId = f.bay_id ?? cur.bay_id;
      const statusId = f.status_id ?? cur.status_id;
      const status = await trx
        .selectFrom('appointment_statuses')
        .select(['status_id', 'blocks_slot'])
        .where('status_id', '=', statusId)
        .executeTakeFirst();
      if (!status) throw bad('status_id', 'Select a status');
      const bay = await trx
        .selectFrom('bays')
        .select(['bay_id', 'title', 'location_id'])
        .where('bay_id', '=', bayId)
        .forUpdate()
        .executeTakeFirst();
      if (!bay || bay.location_id !== cur.location_id) throw bad('bay_id', 'Select a bay of this location');
      const installers = (
        await trx
          .selectFrom('appointment_installers')
          .select('user_id')
          .where('appointment_ref', '=', cur.id)
          .orderBy('user_id')
          .execute()
      ).map((r) => r.user_id);
      if (installers.length)
        await trx
          .selectFrom('staff_users')
          .select('user_id')
          .where('user_id', 'in', installers)
          .orderBy('user_id')
          .forUpdate()
          .execute();
      const end = addMinutes(date, time, duration);
      if (status.blocks_slot) {
        const a = {
          id: cur.id,
          bay_id: bayId,
          installers,
          start_date: date,
          start_time: time,
          duration,
        } as Appointment;
        const clash = await findClash(trx, a, start, end);
        if (clash) {
          const c = await trx
            .selectFrom('customers')
            .select(['firstname', 'lastname'])
            .where('id', '=', cur.customer_ref)
            .executeTakeFirst();
          throw new ServiceError(
            'conflict',
            'slot_taken',
            clashMessage(clash, a, bay.title, c ? `${c.firstname} ${c.lastname}`.trim() : ''),
          );
        }
      }
      await trx
        .updateTable('appointments')
        .set({
          bay_id: bayId,
          starts_at: start,
          ends_at: end,
          duration,
          status_id: statusId,
          updated_at: tx.now,
          version: sql`nextval('change_version')`,
        })
        .where('id', '=', cur.id)
        .execute();
      return { success: APPOINTMENT_UPDATED };
    });
  }
}
