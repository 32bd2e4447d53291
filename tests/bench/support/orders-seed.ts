/**
 * A shop with a long sales history for the orders-list bench: the demo data (a small catalog and
 * its 200 customers) plus `count` orders spread over two years, with lines and payments, written
 * straight in SQL (set-based, seeded random) on the schema the sync mutators write.
 *
 * Mix (share of orders): complete 62 % (one in eight only partly paid, one in five with a voided
 * card attempt), saved 14 % (a quarter with a deposit, one in ten "Incomplete Transaction" with a
 * pending card payment), draft 8 % (abandoned carts, never listed), quote 6 %, kiosk 5 %,
 * voided 5 %. 70 % have a customer. Lines: mostly 1-3, up to 6, and 2 % of orders with 11-16
 * (the "and N more" case); 85 % parts, 10 % labor, 5 % custom.
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DbConfig } from '../../../server/db/database';
import { seedDemoData } from '../../../server/db/demo/generate';
import { migrateToLatest } from '../../../server/db/migrate';
import type { DB } from '../../../server/db/schema';

/** "Now" of the seeded history: the newest order is a little before it. */
export const ORDERS_NOW = '2026-11-01T12:00:00Z';

const steps = (count: number) => [
  sql`select setseed(0.4242)`,
  sql`create temp table bench_customers as
        select row_number() over (order by customer_id) as n, id, trim(firstname || ' ' || lastname) as name
        from customers`,
  sql`create temp table bench_products as
        select row_number() over (order by product_id) as n, product_id, name, mpn, price from products where price > 0`,
  sql`create temp table bench_orders as
        select g, md5('bench-order-' || g)::uuid as id, r, rc, random() as rp,
          case when r < 0.62 then 'complete' when r < 0.76 then 'saved' when r < 0.84 then 'draft'
               when r < 0.90 then 'quote' when r < 0.95 then 'kiosk' else 'voided' end as status,
          ${ORDERS_NOW}::timestamptz - ((${count}::int - g) * interval '730 days' / ${count}::int) - random() * interval '30 minutes' as at,
          case when random() < 0.02 then 11 + floor(random() * 6)::int else 1 + floor(random() * random() * 6)::int end as lines
        from (select g, random() as r, random() as rc from generate_series(1, ${count}::int) g) x`,
  sql`create temp table bench_lines as
        select md5('bench-line-' || o.g || '-' || p)::uuid as id, o.id as order_ref, p as position,
          case when k < 0.85 then 'product' when k < 0.95 then 'labor' else 'custom' end as kind,
          pr.product_id, pr.name, pr.mpn, pr.price, 1 + floor(random() * random() * random() * 5)::int as quantity
        from bench_orders o
        cross join lateral generate_series(1, o.lines) p
        cross join lateral (select random() as k) kk
        join bench_products pr on pr.n = 1 + (hashint4(o.g * 31 + p)::bigint & 2147483647) % (select count(*) from bench_products)`,
  sql`create temp table bench_totals as
        select l.order_ref, sum(l.quantity)::int as items,
          round(sum(l.quantity * case l.kind when 'labor' then 95 else l.price end) * 1.0825, 2) as total
        from bench_lines l group by l.order_ref`,
  sql`create temp table bench_tx as
      select md5('bench-tx-' || o.g || '-' || t.k)::uuid as id, o.id as order_ref, t.type, t.amount, t.status, o.at + interval '4 minutes' as at
      from bench_orders o join bench_totals s on s.order_ref = o.id
      cross join lateral (values
        (1, case when o.rp < 0.5 then 'card' when o.rp < 0.9 then 'cash' else 'check' end,
           case when o.status = 'complete' and o.rp >= 0.125 then s.total else round(s.total / 2, 2) end,
           case o.status when 'voided' then 'void' when 'saved' then (case when o.rp < 0.1 then 'pending' else 'approved' end)
             else 'approved' end),
        (2, 'card', s.total, 'void')) t(k, type, amount, status)
      where (t.k = 1 and (o.status in ('complete', 'voided') or (o.status = 'saved' and o.rp < 0.35)))
         or (t.k = 2 and o.status = 'complete' and o.rp > 0.8)`,
  sql`create temp table bench_paid as
        select s.order_ref, s.items, s.total, coalesce(sum(t.amount) filter (where t.status = 'approved'), 0) as paid
        from bench_totals s left join bench_tx t on t.order_ref = s.order_ref group by s.order_ref, s.items, s.total`,
  sql`insert into orders (id, device_ref, status, order_status_id, customer_uuid, customer_name, location_id, cashier_id,
        cashier_ref, date_added, date_modified, completed_at, voided_at, shipping_method, payment_method, total_items, order_total,
        amount_paid, totals)
      select o.id, 'B1-' || o.g, o.status,
        case o.status when 'saved' then (case when o.rp < 0.1 then 6 else 3 end) when 'draft' then 1 when 'quote' then 4
          when 'kiosk' then 5 when 'complete' then 7 else 8 end,
        c.id, coalesce(c.name, ''), (select min(location_id) from locations),
        (select min(user_id) from staff_users), (select min(user_id)::text from staff_users),
        o.at, o.at + interval '5 minutes',
        case when o.status = 'complete' then o.at + interval '5 minutes' end,
        case when o.status = 'voided' then o.at + interval '1 hour' end,
        case when o.status = 'kiosk' then 'local_pickup' end, case when o.status = 'kiosk' then 'cod' end,
        p.items, p.total, p.paid,
        jsonb_build_object('parts', p.total::text, 'surcharge', '0.00', 'labor', '0.00', 'tax', '0.00', 'card_surcharge', '0.00',
          'card_surcharge_tax', '0.00', 'order_total', p.total::text, 'amount_paid', p.paid::text,
          'balance_due', (p.total - p.paid)::text, 'paid_in_full', p.paid >= p.total)
      from bench_orders o
      join bench_paid p on p.order_ref = o.id
      left join bench_customers c on o.rc < 0.7 and c.n = 1 + floor(o.rc / 0.7 * (select count(*) from bench_customers))
      order by o.g`,
  sql`insert into order_lines (id, order_ref, position, kind, product_id, name, quantity, data)
      select id, order_ref, position, kind, case when kind = 'product' then product_id end,
        case kind when 'product' then name when 'labor' then 'Installation labor' else 'Shop supplies' end, quantity,
        case kind
          when 'product' then jsonb_build_object('id', id, 'kind', kind, 'name', name, 'quantity', quantity, 'po_number', null,
            'product_id', product_id, 'model', mpn, 'mpn', mpn, 'aaia', 'BNCH', 'price', price::text, 'options', '[]'::jsonb,
            'price_override', null, 'surcharge', '0.00', 'tax_class_id', 1, 'minimum', 1)
          when 'labor' then jsonb_build_object('id', id, 'kind', kind, 'name', 'Installation labor', 'quantity', quantity,
            'po_number', null, 'labor_id', 1, 'rate', '95.00', 'minutes', 60, 'price_override', null, 'product_line_id', null)
          else jsonb_build_object('id', id, 'kind', kind, 'name', 'Shop supplies', 'quantity', quantity, 'po_number', null,
            'price', price::text, 'tax_class_id', null)
        end
      from bench_lines order by order_ref, position`,
  sql`insert into transactions (id, order_ref, transaction_type, transaction_label, amount, status, card_type, actor_id, created_at, voided_at)
      select id, order_ref, type, initcap(type), amount, status, case when type = 'card' then 'credit' end, '1', at,
        case when status = 'void' then at end
      from bench_tx order by order_ref`,
  sql`drop table bench_customers, bench_products, bench_orders, bench_lines, bench_totals, bench_tx, bench_paid`,
];

/** Migrates, seeds the demo data with `parts` parts, then `count` orders (one transaction). */
export async function seedOrdersDatabase(
  cfg: DbConfig,
  count: number,
  parts: number,
  log: (line: string) => void,
): Promise<void> {
  const open = await openDatabase(cfg);
  try {
    await migrateToLatest(open.db);
    await seedDemoData(open.db, { parts });
    const t0 = performance.now();
    await open.db.transaction().execute(async (trx) => {
      for (const step of steps(count)) await step.execute(trx);
    });
    // PostgreSQL's autovacuum would have vacuumed and analyzed after such a history. PGlite runs
    // as a single "standalone backend" with no autovacuum: a shop's embedded database keeps the
    // statistics of its last explicit ANALYZE (the demo seed's, orders empty), so none here.
    if (open.engine === 'postgres') await sql`vacuum analyze`.execute(open.db);
    log(`seeded ${count} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${await summary(open.db)}`);
  } finally {
    await open.close();
  }
}

async function summary(db: Kysely<DB>): Promise<string> {
  const r = await sql<{ orders: string; lines: string; txs: string }>`
    select (select count(*) from orders) as orders, (select count(*) from order_lines) as lines,
      (select count(*) from transactions) as txs`.execute(db);
  const row = r.rows[0];
  return row ? `${row.orders} orders, ${row.lines} lines, ${row.txs} transactions` : '';
}
