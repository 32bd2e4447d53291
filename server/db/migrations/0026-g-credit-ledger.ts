/**
 * Migration 0026-g: the store credit ledger balances (docs/decisions/pos.md "Customer vehicles and
 * credits"). From now on every change of customers.store_credit writes a customer_credits row in
 * the same transaction (Add Credit, and store credit payments and their voids), so a customer's
 * store_credit equals the sum of their entries. Credit spent before this build moved the balance
 * without a row: each customer whose balance differs from their entries gets one "Balance brought
 * forward" entry for the difference (either sign), dated now, whose balance is the customer's.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
insert into customer_credits (id, customer_ref, description, amount, balance, order_ref, actor_id, date_added)
select gen_random_uuid(), c.id, 'Balance brought forward', c.store_credit - coalesce(s.total, 0), c.store_credit,
       null, 'system', now()
from customers c
left join (select customer_ref, sum(amount) as total from customer_credits group by customer_ref) s
  on s.customer_ref = c.id
where c.store_credit <> coalesce(s.total, 0)
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_credits where description = 'Balance brought forward' and actor_id = 'system'`.execute(
    db,
  );
}
