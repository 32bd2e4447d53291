// The counter's two lookups, PGlite and PostgreSQL side by side, each on a real server process
// (server/main.ts) with a fresh demo-seeded database (BENCH_PARTS parts, default 1,000) and the
// distributor simulator at zero latency and no failures (DISTRIBUTOR_LATENCY_MS=0,
// DISTRIBUTOR_FAILURE_RATE=0), so the figure is our own server's work:
// (a) GET /pos/checkout/getAppointmentData?orderId= for an order with a customer and three
//     catalog lines (bays, installers, locations, statuses, the customer's vehicles);
// (b) POST /pos/checkout/getInventoryDetails for the 3 parts of such an order, and for 25 parts
//     (a big service order).
// BENCH_RUNS (200) sequential calls each after 10 warm-up calls: p50 / p95 / max. Client and
// server share 2 cores with whatever else runs: read the load average printed.
import { randomUUID } from 'node:crypto';
import { PosClient } from './support/checkout-client';
import { load, pct, startServer, type EngineName } from './support/sync-device';

const parts = process.env.BENCH_PARTS ?? '1000';
const runs = Number(process.env.BENCH_RUNS ?? 200);
const engines: EngineName[] = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as EngineName[];

async function timed(label: string, call: () => Promise<{ status: number }>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < runs + 10; i++) {
    const t0 = performance.now();
    const r = await call();
    const ms = performance.now() - t0;
    if (r.status !== 200) throw new Error(`${label}: ${r.status}`);
    if (i >= 10) times.push(ms);
  }
  const s = times.sort((a, b) => a - b);
  return `${label}: p50 ${pct(s, 50).toFixed(1)} ms, p95 ${pct(s, 95).toFixed(1)} ms, max ${(s.at(-1) ?? NaN).toFixed(1)} ms`;
}

for (const engine of engines) {
  const srv = await startServer(engine, parts, {
    DISTRIBUTOR_LATENCY_MS: '0',
    DISTRIBUTOR_FAILURE_RATE: '0',
    NOTIFY_POLL_MS: '0',
  });
  try {
    const pos = await PosClient.signIn(srv.url, 'cashier');
    const list = (
      await pos.call<{
        products: {
          product_id: number;
          name: string;
          aaia: string;
          mpn: string;
          price: string | null;
          requires_options: boolean;
        }[];
      }>('GET', '/api/products/?limit=50')
    ).body.products.filter((p) => !p.requires_options && p.price !== null);
    const customer = randomUUID();
    await pos.push('customer.create', {
      id: customer,
      firstname: 'Bench',
      lastname: 'Customer',
      email: `bench-${customer.slice(0, 8)}@example.com`,
      telephone: '(512) 555-0100',
    });
    const order = randomUUID();
    await pos.push('order.create', { id: order, customer_ref: customer });
    for (const p of list.slice(0, 3)) {
      await pos.push('cart.addProduct', {
        order_ref: order,
        line_id: randomUUID(),
        product_id: p.product_id,
        name: p.name,
        mpn: p.mpn,
        aaia: p.aaia,
        price: p.price,
        quantity: 2,
        tax_class_id: null,
      });
    }
    await pos.push('order.save', { order_ref: order });
    const three = list.slice(0, 3).map(({ aaia, mpn }) => ({ aaia, mpn }));
    const many = list.slice(0, 25).map(({ aaia, mpn }) => ({ aaia, mpn }));
    const lines = [
      await timed('getAppointmentData', () => pos.call('GET', `/pos/checkout/getAppointmentData?orderId=${order}`)),
      await timed('getInventoryDetails (3 parts)', () =>
        pos.call('POST', '/pos/checkout/getInventoryDetails', { products: three }),
      ),
      await timed(`getInventoryDetails (${many.length} parts)`, () =>
        pos.call('POST', '/pos/checkout/getInventoryDetails', { products: many }),
      ),
    ];
    console.log(`${engine} (${parts} parts, ${runs} calls each, simulator at zero latency) [load ${load()}]`);
    for (const l of lines) console.log(`  ${l}`);
  } finally {
    await srv.stop();
  }
}
