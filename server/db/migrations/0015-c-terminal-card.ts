/**
 * Migration 0015: mark card payments a terminal approved (`transactions.terminal`).
 * The domain refuses a plain void of such a payment (src/domain/mutations/transactions.ts
 * `isTerminalCard`): its money is on a card and goes back only through the terminal's void/return.
 * The flag travels with the row to every device, so the refusal is the same offline and on the
 * server (a queued plain void of a terminal card is rejected, never applied without a refund).
 * Backfilled from the approved charge attempts; the update bumps each row's version, so devices
 * pull the marked rows.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transactions add column terminal boolean not null default false`.execute(db);
  await sql`
update transactions t set terminal = true
where t.transaction_type = 'card'
  and exists (select 1 from payment_attempts a where a.transaction_ref = t.id and a.kind = 'charge' and a.status = 'approved')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transactions drop column terminal`.execute(db);
}
