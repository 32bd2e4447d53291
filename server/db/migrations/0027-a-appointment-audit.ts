/**
 * Migration 0027-a: the audit log records changes to booked appointments (kind `appointment`):
 * a move, a status change or a cancel, from the day view, its call or a device's push
 * (server/commands/audit.ts; docs/decisions/appointments.md "Day view on the device"). Who moved or
 * cancelled a customer's booking is what a shop asks afterwards, as it asks who voided a sale.
 */
import { sql, type Kysely } from 'kysely';

const BEFORE = `'void', 'price_override', 'tax_exempt', 'store_credit', 'conflict_discard'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table audit_log drop constraint if exists audit_log_kind_check;
alter table audit_log add constraint audit_log_kind_check check (kind in (${sql.raw(BEFORE)}, 'appointment'));
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
delete from audit_log where kind = 'appointment';
alter table audit_log drop constraint if exists audit_log_kind_check;
alter table audit_log add constraint audit_log_kind_check check (kind in (${sql.raw(BEFORE)}));
`.execute(db);
}
