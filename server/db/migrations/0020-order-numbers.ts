/**
 * Migration 0020: an order takes its number once, from a counter row, in the transaction that first
 * stores it (docs/decisions/pos.md "Order numbers"). Before, `orders.order_id` was an identity
 * column and every save was an insert-or-update: each edit of an order drew (and threw away) a
 * number, so a shop's orders went #1, #13, #17 … A sequence also loses the numbers of rolled-back
 * transactions (a refused push, a retried conflict); a counter row rolls back with them, so numbers
 * have no gaps. The row lock serializes only the first save of new orders, which a shop's counters
 * do a few times a minute.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table order_numbers (
  id smallint primary key default 1 check (id = 1),
  last_number int not null
);
insert into order_numbers (id, last_number) select 1, coalesce(max(order_id), 0) from orders;
alter table orders alter column order_id drop identity;
create function pd_order_number() returns trigger language plpgsql as $$
begin
  if new.order_id is null then
    update order_numbers set last_number = last_number + 1 where id = 1 returning last_number into new.order_id;
  end if;
  return new;
end $$;
create trigger orders_number before insert on orders for each row execute function pd_order_number();
`.execute(db);
}
