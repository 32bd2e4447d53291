/**
 * Shared pieces of the sync benches: a real server process on a fresh database (PGlite data dir
 * or a scratch PostgreSQL database, both removed on stop), a device (the real sync/ engine over
 * its own fake IndexedDB in Node, signed in over real HTTP), and a realistic counter workload
 * (customers, vehicles, orders with custom and labor lines, saves, cash payments and voids).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { PartsdeskDb } from '../../../src/db/database';
import { loadOrder } from '../../../src/db/records';
import { SyncEngine } from '../../../sync/engine';
import type { Transport } from '../../../sync/transport';
import { rng, type Rng } from '../../integration/sync/support/prng';
import { clientTransport, signedIn } from '../../integration/sync/support/sync-server';
import { createDatabase, dropDatabase } from '../../support/postgres';
import { runServer } from '../../support/process';

export type EngineName = 'pglite' | 'postgres';

export const pgBase =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchServer {
  engine: EngineName;
  url: string;
  /** CPU time (user + system) the server process has used so far, ms (Linux /proc; NaN elsewhere). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (clock ticks of 10 ms, Linux's USER_HZ = 100). */
export function processCpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The real server entry point as its own process on a fresh, demo-seeded database. */
export async function startServer(
  engine: EngineName,
  parts: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-sync-'));
  const dbName = `pd_bench_sync_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  let databaseUrl = '';
  try {
    if (engine === 'postgres') databaseUrl = await createDatabase(pgBase, dbName);
    const srv = await runServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_PARTS: parts, ...env }, 600_000);
    if (srv.proc.exitCode !== null) throw new Error(`server exited: ${srv.stderr().trim().split('\n').pop() ?? ''}`);
    return {
      engine,
      url: srv.url,
      cpuMs: () => processCpuMs(srv.proc.pid),
      async stop() {
        await srv.stop();
        if (engine === 'postgres') await dropDatabase(pgBase, dbName);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    if (engine === 'postgres' && databaseUrl) await dropDatabase(pgBase, dbName).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** What went over the wire, with times (performance.now()). */
export interface WireLog {
  pushes: { start: number; end: number; size: number; status: number }[];
  pulls: { start: number; end: number; changes: number; status: number }[];
}

export interface Device {
  db: PartsdeskDb;
  engine: SyncEngine;
  wire: WireLog;
  /** Requests fail as "no answer" (offline) while true. */
  offline: { on: boolean };
}

/** A fresh install signed in as `user`: its own fake IndexedDB and SyncEngine, production pull page size. */
export async function newDevice(url: string, user: string, password: string, name: string): Promise<Device> {
  const client = await signedIn(url, user, password);
  const me = (await client.get('/api/session')).body.user as { id: string; role: string };
  const db = new PartsdeskDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  const wire: WireLog = { pushes: [], pulls: [] };
  const offline = { on: false };
  const base = clientTransport(client);
  const transport: Transport = async (req) => {
    if (offline.on) throw new Error('offline');
    const start = performance.now();
    const reply = await base(req);
    const end = performance.now();
    if (req.method === 'POST' && req.path.startsWith('/sync/push')) {
      wire.pushes.push({
        start,
        end,
        size: (req.body as { mutations: unknown[] }).mutations.length,
        status: reply.status,
      });
    } else if (req.path.startsWith('/sync/pull')) {
      wire.pulls.push({
        start,
        end,
        changes: (reply.body as { changes?: unknown[] } | null)?.changes?.length ?? 0,
        status: reply.status,
      });
    }
    return reply;
  };
  // pollMs 0: the bench drives cycles with syncNow(); everything else is the production default.
  const engine = new SyncEngine({ db, transport, pollMs: 0 });
  engine.setSession({ id: me.id, role: me.role });
  return { db, engine, wire, offline };
}

export function clearWire(d: Device): void {
  d.wire.pushes.length = 0;
  d.wire.pulls.length = 0;
}

export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

interface Lookup {
  labor: { labor_id: number; title: string; amount: string }[];
  zones: number[];
}

async function lookups(db: PartsdeskDb): Promise<Lookup> {
  const rows = async (table: string) =>
    (await db.lookups.where('[table+k]').between([table, ''], [table, '\uffff']).toArray()).map((r) => r.row);
  const labor = (await rows('labor_types')).map((r) => ({
    labor_id: Number(r.labor_id),
    title: String(r.title),
    amount: String(r.amount),
  }));
  const zones = (await rows('zones')).map((r) => Number(r.zone_id));
  return { labor, zones };
}

export interface Workload {
  /** Mutation name -> how many were queued. */
  byName: Map<string, number>;
  /** Wall time of each mutate() call, ms, in call order. */
  latencies: number[];
  /** Refused locally (nothing queued). Expected 0. */
  refused: { name: string; code: string }[];
}

const money = (r: Rng, lo: number, hi: number) => `${r.int(lo, hi)}.${String(r.int(0, 99)).padStart(2, '0')}`;

/**
 * Queues exactly `n` mutations through engine.mutate(), as a counter would over a day: sales of
 * ~10 mutations each (new or edited customer, a vehicle, an order with custom parts and labor, a
 * quantity change, save, a cash payment; sometimes a payment voided and re-taken). `record`
 * receives every call's name and args, to replay the same sequence elsewhere.
 */
export async function queueWorkload(
  d: Device,
  n: number,
  seed: number,
  record?: { name: string; args: unknown }[],
): Promise<Workload> {
  const r = rng(seed);
  const { labor, zones } = await lookups(d.db);
  const w: Workload = { byName: new Map(), latencies: [], refused: [] };
  const customers: string[] = [];
  let left = n;
  const call = async (name: string, args: unknown): Promise<boolean> => {
    if (left <= 0) return false;
    record?.push({ name, args: structuredClone(args) });
    const t0 = performance.now();
    const res = await d.engine.mutate(name, args);
    w.latencies.push(performance.now() - t0);
    left--;
    if (res.ok) w.byName.set(name, (w.byName.get(name) ?? 0) + 1);
    else w.refused.push({ name, code: res.code });
    return res.ok;
  };
  const address = (city: string) => ({
    address_id: r.uuid(),
    firstname: 'Dana',
    lastname: 'Lopez',
    address_1: `${r.int(1, 999)} Main St`,
    city,
    postcode: '78701',
    country_id: 223,
    zone_id: zones.length ? r.pick(zones) : 0,
    default: true,
  });
  const person = (i: number) => ({
    firstname: r.pick(['Dana', 'Sam', 'Alex', 'Kim', 'Lee']),
    lastname: `Bench${i}`,
    email: `bench${seed}.${i}@example.com`,
    telephone: `512555${String(i).padStart(4, '0')}`,
  });
  let sale = 0;
  while (left > 0) {
    sale++;
    let customer: string;
    if (customers.length === 0 || r.chance(0.6)) {
      customer = r.uuid();
      if (
        !(await call('customer.create', {
          id: customer,
          ...person(sale),
          addresses: zones.length ? [address('Austin')] : [],
        }))
      )
        continue;
      customers.push(customer);
    } else {
      customer = r.pick(customers);
      await call('customer.update', {
        customer_ref: customer,
        ...person(sale),
        lastname: `Bench${sale}-edited`,
        addresses: zones.length ? [address('Round Rock')] : [],
      });
    }
    await call('vehicle.create', {
      id: r.uuid(),
      customer_ref: customer,
      title: '2019 Ford F-150',
      vin: `1FTEW1E50KFA${String(sale).padStart(5, '0')}`,
      ymm_data: { year: { api_field: 'year', api_value: '2019', label_field: 'year', label_value: '2019' } },
    });
    const order = r.uuid();
    if (!(await call('order.create', { id: order, device_ref: `B-${seed}-${sale}`, customer_ref: customer }))) continue;
    const line = r.uuid();
    await call('cart.addCustomProduct', {
      order_ref: order,
      line_id: line,
      name: 'Brake pads',
      price: money(r, 20, 120),
      quantity: r.int(1, 2),
      tax_class_id: r.chance(0.7) ? 9 : null,
    });
    await call('cart.addCustomProduct', {
      order_ref: order,
      line_id: r.uuid(),
      name: 'Wiper blade',
      price: money(r, 8, 30),
      quantity: 1,
      tax_class_id: 9,
    });
    if (labor.length) {
      const l = r.pick(labor);
      await call('cart.addLabor', {
        order_ref: order,
        line_id: r.uuid(),
        labor_id: l.labor_id,
        name: l.title,
        rate: l.amount,
        minutes: r.pick([30, 45, 60, 90]),
        quantity: 1,
        product_line_id: line,
      });
    }
    await call('cart.setQuantity', { order_ref: order, line_id: line, quantity: r.int(1, 4) });
    await call('order.save', { order_ref: order });
    const total = Number((await loadOrder(d.db, order))?.totals.order_total ?? '0');
    const part = Math.max(1, Math.floor(total / 3));
    if (r.chance(0.3)) {
      const tx = r.uuid();
      await call('transaction.add', { order_ref: order, id: tx, transaction_type: 'cash', amount: `${part}.00` });
      await call('transaction.void', { order_ref: order, transaction_ref: tx });
    }
    await call('transaction.add', { order_ref: order, id: r.uuid(), transaction_type: 'cash', amount: `${part}.00` });
  }
  return w;
}

export function describeMix(w: Workload): string {
  return [...w.byName.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
}
