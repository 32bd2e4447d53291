/**
 * Migration 0007: what GET /api/order (server/services/pos/order-list-service.ts) needs to answer in
 * well under 50 ms with 50,000 orders on both engines (tests/bench/orders-list.bench.ts; figures
 * in docs/decisions/pos.md "Orders list screen").
 *
 * - order_list_counts: how many listed (non-draft) orders there are per (status, owing), kept by
 *   a trigger on orders. The unfiltered list (the screen's default) reads its five tab counts from
 *   these few rows instead of counting every order on every call (40-110 ms at 50,000).
 *   Must stay true: `owing` is `amount_paid < order_total`, the outstanding_balance tab's test in
 *   order-list-service.ts; drafts are never counted. Not versioned: it never leaves the server.
 *   The trigger touches the two rows of a move in key order, so two transactions moving orders in
 *   opposite directions wait for each other instead of deadlocking, and does nothing when an
 *   update leaves the order in its bucket (most updates: every cart change re-saves a draft).
 *   pg_restore loads data before it creates triggers, so a restore neither skips nor doubles.
 * - orders (customer_name, id), (order_total, id): the Customer and Paid / Total sorts read the
 *   page in index order instead of sorting every order.
 * - orders (order_status_id, date_added): the Order Status filter.
 * - order_lines (order_ref, position) replaces 0003's (order_ref): each listed row's items are its
 *   first lines in cart order, read in index order (no sort, no bitmap per row); every lookup by
 *   order_ref alone still uses it.
 * - Trigram indexes (when pg_trgm is there, as for 0001's product search) on the text the Customer
 *   filter searches: the order's name, email and telephone (and the telephone's digits), and the
 *   customer's, so "martin", "@example.com" or "5125550100" find orders without reading them all.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table order_list_counts (
  status text not null,
  owing boolean not null,
  n bigint not null,
  primary key (status, owing)
);

create function pd_order_list_count() returns trigger language plpgsql as $$
declare
  o_status text;
  o_owing boolean;
  n_status text;
  n_owing boolean;
begin
  if tg_op <> 'INSERT' and old.status <> 'draft' then
    o_status := old.status;
    o_owing := old.amount_paid < old.order_total;
  end if;
  if tg_op <> 'DELETE' and new.status <> 'draft' then
    n_status := new.status;
    n_owing := new.amount_paid < new.order_total;
  end if;
  if o_status is not distinct from n_status and o_owing is not distinct from n_owing then
    return null;
  end if;
  insert into order_list_counts as c (status, owing, n)
  select v.status, v.owing, v.d
  from (values (o_status, o_owing, -1), (n_status, n_owing, 1)) as v (status, owing, d)
  where v.status is not null
  order by v.status, v.owing
  on conflict (status, owing) do update set n = c.n + excluded.n;
  return null;
end $$;

create function pd_order_list_truncate() returns trigger language plpgsql as $$
begin
  delete from order_list_counts;
  return null;
end $$;

create trigger orders_list_count after insert or delete or update of status, amount_paid, order_total on orders
  for each row execute function pd_order_list_count();
create trigger orders_list_truncate after truncate on orders
  for each statement execute function pd_order_list_truncate();

insert into order_list_counts (status, owing, n)
select status, amount_paid < order_total, count(*) from orders where status <> 'draft' group by 1, 2;

create index orders_customer_name_idx on orders (customer_name, id);
create index orders_total_idx on orders (order_total, id);
create index orders_status_id_idx on orders (order_status_id, date_added desc);
create index order_lines_order_position_idx on order_lines (order_ref, position);
drop index order_lines_order_idx;

do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
    raise notice 'pg_trgm unavailable: the orders list customer filter will read every order';
    return;
  end if;
  create index orders_search_trgm_idx on orders using gin (
    (customer_name || E'\\n' || email || E'\\n' || telephone || E'\\n' || regexp_replace(telephone, '[^0-9]', '', 'g')) gin_trgm_ops);
  create index customers_search_trgm_idx on customers using gin (
    (firstname || ' ' || lastname || E'\\n' || coalesce(email, '') || E'\\n' || telephone || E'\\n'
      || regexp_replace(telephone, '[^0-9]', '', 'g')) gin_trgm_ops);
end $$;
`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0007-orders-list cannot be rolled back; restore a backup taken before it'));
}
