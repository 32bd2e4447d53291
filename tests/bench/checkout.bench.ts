// The checkout figures, PGlite and PostgreSQL side by side. Each engine gets a real server
// process (server/main.ts) on a fresh demo-seeded database (BENCH_PARTS parts, default 200) with
// the terminal simulator at zero latency (TERMINAL_LATENCY_MS=0).
// (a) terminal flow: POST cardPayment -> read the SSE stream until `approved` (the event is
//     published after the transaction committed) -> the stored transaction is checked at the end.
//     BENCH_CARD_RUNS (50) sequential payments, p50/p95. Goal: p50 < 300 ms.
// (b) BENCH_CHECKOUTS (100) checkouts at once, each its own client: order built through
//     /sync/push, paid in cash (the request sent twice at once, as a retry after a lost reply
//     would), completed. Counted afterwards from getTransactions: lost or doubled payments (must
//     be 0) and orders not complete; total wall time.
// Client and server share 2 cores with whatever else runs: read the load average printed.
import { randomUUID } from 'node:crypto';
import { PosClient } from './support/checkout-client';
import { load, pct, startServer, type EngineName } from './support/sync-device';

const parts = process.env.BENCH_PARTS ?? '200';
const cardRuns = Number(process.env.BENCH_CARD_RUNS ?? 50);
const checkouts = Number(process.env.BENCH_CHECKOUTS ?? 100);
// Installers take no payments (server/auth/permissions.ts): the paying staff only.
const STAFF = ['cashier', 'cashier2', 'admin', 'cashier', 'cashier2'];

interface Figures {
  card: { p50: number; p95: number; max: number; stored: number };
  many: { ms: number; lost: number; doubled: number; incomplete: number; replayed: number; failed: number };
  load: string;
}

async function cardFlow(pos: PosClient): Promise<Figures['card']> {
  const times: number[] = [];
  const orders: string[] = [];
  for (let i = 0; i < cardRuns + 3; i++) {
    const order = await pos.order('25.00');
    const t0 = performance.now();
    const r = await pos.call<any>('POST', '/pos/checkout/cardPayment', {
      orderId: order,
      attemptId: randomUUID(),
      amount: '25.00',
      department: 'retail',
      device: 'sim-counter-1',
      cardType: 'credit',
    });
    if (r.status !== 202) throw new Error(`cardPayment ${r.status} ${JSON.stringify(r.body)}`);
    const events = await pos.events(r.body.eventsUrl);
    const ms = performance.now() - t0;
    if (events.join(',') !== 'choosing,approved') throw new Error(`events ${events.join(',')}`);
    if (i >= 3) times.push(ms); // the first few warm the JIT and the connection pool
    orders.push(order);
  }
  let stored = 0;
  for (const o of orders) {
    const t = await pos.call<any>('GET', `/pos/checkout/getTransactions?orderId=${o}`);
    stored += t.body.transactions.filter((x: any) => x.transaction_type === 'card' && !x.void).length;
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), max: times.at(-1) ?? NaN, stored: stored - 3 };
}

async function manyCheckouts(sessions: PosClient[]): Promise<Figures['many']> {
  const clients = Array.from({ length: checkouts }, (_, i) => sessions[i % sessions.length]!.device());
  let replayed = 0;
  let failed = 0;
  const t0 = performance.now();
  const ids = await Promise.all(
    clients.map(async (c, i) => {
      const price = `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`;
      const order = await c.order(price);
      const transaction = { id: randomUUID(), transaction_type: 'cash', amount: price };
      const pays = await Promise.all(
        [1, 2].map(() => c.call<any>('POST', '/pos/checkout/addTransaction', { orderId: order, transaction })),
      );
      replayed += pays.filter((p) => p.status === 200 && p.body.replayed).length;
      failed += pays.filter((p) => p.status !== 200).length;
      const done = await c.call<any>('POST', `/pos/checkout/complete?orderId=${order}`, {});
      if (done.status !== 200) failed++;
      return { order, price };
    }),
  );
  const ms = performance.now() - t0;
  let lost = 0;
  let doubled = 0;
  let incomplete = 0;
  for (const { order, price } of ids) {
    const t = await sessions[0]!.call<any>('GET', `/pos/checkout/getTransactions?orderId=${order}`);
    const live = t.body.transactions.filter((x: any) => !x.void);
    if (live.length === 0) lost++;
    if (live.length > 1) doubled += live.length - 1;
    if (t.body.orderStatus !== 'complete' || t.body.checkout.balanceDue !== '0.00' || live[0]?.amount !== price)
      incomplete++;
  }
  return { ms, lost, doubled, incomplete, replayed, failed };
}

async function engine(name: EngineName): Promise<Figures> {
  const t = performance.now();
  const srv = await startServer(name, parts, { TERMINAL_LATENCY_MS: '0' });
  console.log(`${name}: server ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  try {
    const sessions = await Promise.all(STAFF.map((u) => PosClient.signIn(srv.url, u)));
    const loadAvg = load();
    const card = await cardFlow(sessions[0]!.device());
    const many = await manyCheckouts(sessions);
    return { card, many, load: loadAvg };
  } finally {
    await srv.stop();
  }
}

const rows: [EngineName, Figures][] = [];
for (const name of ['pglite', 'postgres'] as const) {
  try {
    rows.push([name, await engine(name)]);
  } catch (err) {
    console.log(`${name}: skipped (${(err as Error).message})`);
  }
}

console.log(
  `\nCheckout, ${parts} demo parts; Node ${process.version}; real server process over HTTP; terminal simulator at 0 ms latency`,
);
for (const [name, f] of rows) {
  console.log(
    `${name}: (a) card payment start -> SSE approved, ${cardRuns} runs: p50 ${f.card.p50.toFixed(0)} ms, p95 ${f.card.p95.toFixed(0)} ms, max ${f.card.max.toFixed(0)} ms (goal p50 < 300 ms); card transactions stored ${f.card.stored}/${cardRuns} [load ${f.load}]`,
  );
  console.log(
    `${name}: (b) ${checkouts} concurrent checkouts (order + cash sent twice + complete): ${(f.many.ms / 1000).toFixed(2)} s; lost ${f.many.lost}, doubled ${f.many.doubled}, wrong or incomplete ${f.many.incomplete}, retries answered as replays ${f.many.replayed}/${checkouts}, failed calls ${f.many.failed}`,
  );
}
const bad = rows.some(
  ([, f]) => f.many.lost + f.many.doubled + f.many.incomplete + f.many.failed > 0 || f.card.stored !== cardRuns,
);
process.exit(rows.length && !bad ? 0 : 1);
