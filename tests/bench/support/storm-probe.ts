/**
 * The first-sync storm's probes, in their own process so the devices' downloads in the bench
 * process never delay them: GET /healthz every 100 ms and a cash checkout (an order built through
 * /sync/push, a cash payment, complete) every 2 s, from PROBE_URL, until the parent sends 'stop';
 * then it sends back the times (ms) and exits. Run by tests/bench/first-sync-storm.bench.ts.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { PosClient } from './checkout-client';

const url = process.env.PROBE_URL!;
let running = true;
const health: number[] = [];
const checkouts: number[] = [];
const errors: string[] = [];

function healthz(): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/healthz`, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function healthLoop(): Promise<void> {
  while (running) {
    const t0 = performance.now();
    const status = await healthz().catch(() => 0);
    if (status !== 200) errors.push(`healthz ${status}`);
    health.push(performance.now() - t0);
    await pause(100 - (performance.now() - t0));
  }
}

async function checkoutLoop(pos: PosClient): Promise<void> {
  while (running) {
    const t0 = performance.now();
    const d = pos.device();
    const order = await d.order('25.00');
    const pay = await d.call('POST', '/pos/checkout/addTransaction', {
      orderId: order,
      transaction: { id: randomUUID(), transaction_type: 'cash', amount: '25.00' },
    });
    const done = await d.call('POST', `/pos/checkout/complete?orderId=${order}`, {});
    if (pay.status !== 200 || done.status !== 200) errors.push(`checkout ${pay.status} ${done.status}`);
    checkouts.push(performance.now() - t0);
    await pause(2000 - (performance.now() - t0));
  }
}

const pos = await PosClient.signIn(url, 'cashier2');
process.on('message', (m) => {
  if (m === 'stop') running = false;
});
const loops = Promise.all([healthLoop(), checkoutLoop(pos)]);
process.send!('ready');
await loops;
process.send!({ health, checkouts, errors }, () => process.exit(0));
