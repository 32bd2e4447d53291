// `npm run bench push-order-size`: what one pushed mutation on an order costs
// as the order grows. A real server process on a fresh database (BENCH_PARTS demo parts, default
// 200); one staff device pushes over real HTTP. Two orders are built first, one with 9 lines and
// one with ORDER_LINE_CAP - 1 (499) custom lines (pushed 100 per request); then BENCH_ROUNDS (default
// 60) rounds each push, one mutation per request, a quantity change on each order and a line
// added to (10 and 500 lines: the cap) and removed from each (interleaved, so load on the machine
// hits both alike). Reported:
// p50/p95 per mutation on each order and the ratio 500 : 10 of the p50s (goal: within 2×), plus
// the server's CPU per mutation. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set
// (else skipped with a line). Figures: docs/figures.md "Push cost per mutation and order size".
import { ORDER_LINE_CAP } from '../../src/domain/constants';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { TestClient } from '../support/http-client';
import { pct, startServer, type BenchServer, type EngineName } from './support/sync-device';

const PARTS = process.env.BENCH_PARTS ?? '200';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const WARM_UP = 5;
const SMALL = 10;
const LARGE = ORDER_LINE_CAP;
const GOAL_RATIO = 2;

interface Pusher {
  client: TestClient;
  clientId: string;
  next: number;
}

async function push(p: Pusher, mutations: { name: string; args: unknown }[]): Promise<void> {
  const at = new Date().toISOString();
  const batch = mutations.map((m) => ({ id: p.next++, name: m.name, args: m.args, at }));
  const r = await p.client.post('/sync/push', {
    clientId: p.clientId,
    protocolVersion: PROTOCOL_VERSION,
    mutations: batch,
  });
  if (r.status !== 200) throw new Error(`push: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  const bad = (r.body.results as { status: string; message?: string }[]).find((x) => x.status !== 'applied');
  if (bad) throw new Error(`push refused: ${JSON.stringify(bad)}`);
  if (r.body.results.length !== batch.length)
    throw new Error(`push answered ${r.body.results.length} of ${batch.length}`);
}

const customLine = (orderRef: string, i: number) => ({
  name: 'cart.addCustomProduct',
  args: {
    order_ref: orderRef,
    line_id: crypto.randomUUID(),
    name: `Bench part ${i}`,
    price: '12.34',
    quantity: 1,
    tax_class_id: null,
  },
});

async function buildOrder(p: Pusher, lines: number): Promise<{ id: string; firstLine: string }> {
  const id = crypto.randomUUID();
  await push(p, [{ name: 'order.create', args: { id, device_ref: null } }]);
  const first = customLine(id, 0);
  const all = [first, ...Array.from({ length: lines - 1 }, (_, i) => customLine(id, i + 1))];
  for (let i = 0; i < all.length; i += 100) await push(p, all.slice(i, i + 100));
  return { id, firstLine: (first.args as { line_id: string }).line_id };
}

async function timed(p: Pusher, m: { name: string; args: unknown }): Promise<number> {
  const t0 = performance.now();
  await push(p, [m]);
  return performance.now() - t0;
}

async function run(engine: EngineName): Promise<void> {
  let srv: BenchServer;
  try {
    srv = await startServer(engine, PARTS);
  } catch (err) {
    console.log(`${engine}: skipped (${(err as Error).message.split('\n')[0]})`);
    return;
  }
  try {
    const client = new TestClient(srv.url);
    if ((await client.login('cashier', 'cashier')).status !== 200) throw new Error('login failed');
    const p: Pusher = { client, clientId: crypto.randomUUID(), next: 1 };
    const t0 = performance.now();
    // One line short of the size: each round's added line brings the order to it.
    const orders: Record<number, { id: string; firstLine: string }> = {
      [SMALL]: await buildOrder(p, SMALL - 1),
      [LARGE]: await buildOrder(p, LARGE - 1),
    };
    const buildMs = performance.now() - t0;
    const times: Record<number, number[]> = { [SMALL]: [], [LARGE]: [] };
    const cpu: Record<number, number> = { [SMALL]: 0, [LARGE]: 0 };
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      for (const size of [SMALL, LARGE]) {
        const o = orders[size]!;
        const line = customLine(o.id, 1000 + round);
        const ms: number[] = [];
        const c0 = srv.cpuMs();
        ms.push(
          await timed(p, {
            name: 'cart.setQuantity',
            args: { order_ref: o.id, line_id: o.firstLine, quantity: 1 + (round % 5) },
          }),
        );
        ms.push(await timed(p, line));
        ms.push(
          await timed(p, {
            name: 'cart.removeLine',
            args: { order_ref: o.id, line_id: (line.args as { line_id: string }).line_id },
          }),
        );
        if (round >= WARM_UP) {
          times[size]!.push(...ms);
          cpu[size]! += srv.cpuMs() - c0;
        }
      }
    }
    const fmt = (x: number) => `${x.toFixed(1)} ms`;
    const p50: Record<number, number> = {};
    for (const size of [SMALL, LARGE]) {
      const sorted = [...times[size]!].sort((a, b) => a - b);
      p50[size] = pct(sorted, 50);
      console.log(
        `${engine}: order of ${size} lines: ${sorted.length} mutations (setQuantity, addCustomProduct, removeLine), ` +
          `p50 ${fmt(pct(sorted, 50))}, p95 ${fmt(pct(sorted, 95))}, max ${fmt(sorted.at(-1) ?? NaN)}; server CPU ${fmt(cpu[size]! / sorted.length)} per mutation`,
      );
    }
    const ratio = p50[LARGE]! / p50[SMALL]!;
    const cpuRatio = cpu[LARGE]! / cpu[SMALL]!;
    console.log(
      `${engine}: ratio ${LARGE} : ${SMALL} lines: p50 ${ratio.toFixed(2)}×, server CPU ${cpuRatio.toFixed(2)}× (goal ≤ ${GOAL_RATIO}×) ` +
        `[building both orders took ${(buildMs / 1000).toFixed(1)} s]`,
    );
  } finally {
    await srv.stop();
  }
}

await run('pglite');
if (process.env.TEST_DATABASE_URL) await run('postgres');
else console.log('postgres: skipped (TEST_DATABASE_URL is not set)');
