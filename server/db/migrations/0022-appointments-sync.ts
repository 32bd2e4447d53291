/**
 * Migration 0022: appointments reach staff devices (docs/decisions/appointments.md "Day view on
 * the device"). `appointments` and `appointment_statuses` get the change tracking every synced
 * table has (0001 pd_track_changes: a version index, the version bumped on every update by trigger,
 * a tombstone on delete - a customer's deletion cascades to their bookings, and the devices must
 * drop them too). Before this the day view's writes set the version by hand and deletions left no
 * trace, which was enough while nothing pulled these tables.
 *
 * `appointment_installers` stays untracked: its rows are written only with their appointment's
 * insert (the pull sends them inside the appointment record), never changed afterwards.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`select pd_track_changes('appointments')`.execute(db);
  await sql`select pd_track_changes('appointment_statuses')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
drop trigger pd_version on appointments;
drop trigger pd_tombstone on appointments;
drop index appointments_version_idx;
drop trigger pd_version on appointment_statuses;
drop trigger pd_tombstone on appointment_statuses;
drop index appointment_statuses_version_idx;
`.execute(db);
}
