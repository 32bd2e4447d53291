/**
 * What `GET /metrics` reports (Prometheus text through prom-client; who may read it:
 * server/routes/metrics.ts, docs/decisions/server.md "Metrics and request ids").
 *
 * Stores: one prom-client Registry per app (tests build several apps in one process, so never the
 * library's global registry), counters this process increments, and the clients that pulled from
 * this process in the last hour (pulls leave no trace in the database; pushes do).
 *
 * Must stay true:
 * - Latency is labelled by the route PATTERN (`/api/order/:id`), never the raw URL: ids and query
 *   strings would make every request a new series. Unmatched requests share one label.
 * - The poke stream is not timed: its "latency" is how long a tablet stayed connected; it is
 *   counted as poke connections instead.
 * - Device series exist only for devices seen in the last hour, so the label set stays bounded by
 *   the shop's own tablets.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PushReply } from '../../src/contracts/sync-push';
import type { SeenDevice } from '../services/session/device-metrics';

export interface MetricsSources {
  /** Devices that pushed in the last hour, plus those named (they pulled from this process). */
  devices(alsoIds: readonly string[]): Promise<SeenDevice[]>;
  /** Open `GET /sync/poke` streams of this process. */
  pokeConnections(): number;
  /** The PostgreSQL pool; absent on PGlite (one connection, no pool figures). */
  pool?: pg.Pool | undefined;
}

/** What the sync routes report (server/sync/routes.ts `observe`). */
export interface SyncObserver {
  pushed(outcome: 'ok' | 'refused' | 'failed', reply?: PushReply): void;
  /** `queue`: the device's outbox size as it asked (absent from older builds). */
  pulled(clientId: string, rows: number, queue?: number): void;
}

const HOUR_MS = 3_600_000;
const UNMATCHED = '(no route)';
const UNTIMED = new Set(['/sync/poke']);

export class Metrics implements SyncObserver {
  readonly registry = new Registry();
  private readonly latency: Histogram<'method' | 'route' | 'status_code'>;
  private readonly pushes: Counter<'outcome'>;
  private readonly pushedMutations: Counter<'status'>;
  private readonly pulls: Counter;
  private readonly pulledRows: Counter;
  /** clientId → when it last pulled from this process (ms). */
  private readonly pulledAt = new Map<string, number>();
  /** clientId → its outbox size as it last pulled from this process. */
  private readonly queueOf = new Map<string, number>();

  constructor(
    sources: MetricsSources,
    private readonly now: () => number = Date.now,
  ) {
    const registers = [this.registry];
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to reply, by route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.pushes = new Counter({
      name: 'partsdesk_sync_pushes_total',
      help: 'POST /sync/push calls by outcome: ok, refused (4xx: gap, trust, protocol), failed (503)',
      labelNames: ['outcome'],
      registers,
    });
    this.pushedMutations = new Counter({
      name: 'partsdesk_sync_pushed_mutations_total',
      help: 'Mutations answered in push replies: applied, skipped (already had) or rejected (refused, shown on the device)',
      labelNames: ['status'],
      registers,
    });
    this.pulls = new Counter({ name: 'partsdesk_sync_pulls_total', help: 'GET /sync/pull pages served', registers });
    this.pulledRows = new Counter({
      name: 'partsdesk_sync_pulled_rows_total',
      help: 'Rows (changes and packed rows) sent in pull pages',
      registers,
    });
    new Gauge({
      name: 'partsdesk_poke_connections',
      help: 'Open GET /sync/poke streams of this process',
      registers,
      collect() {
        this.set(sources.pokeConnections());
      },
    });
    const pool = sources.pool;
    if (pool)
      new Gauge({
        name: 'partsdesk_db_pool_connections',
        help: 'PostgreSQL pool of this process: total, idle, and waiting (queries queued for a connection)',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    this.deviceGauges(sources);
  }

  /** The Prometheus text: this app's metrics and the process's own. */
  text(): Promise<string> {
    return Registry.merge([this.registry, processRegistry()]).metrics();
  }

  /** Times every reply by route pattern and answers each request with its id (the logs carry it as reqId). */
  install(app: FastifyInstance): void {
    app.addHook('onRequest', (req, reply, done) => {
      void reply.header('x-request-id', req.id);
      done();
    });
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? UNMATCHED;
      if (!UNTIMED.has(route))
        this.latency.observe(
          { method: req.method, route, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      done();
    });
  }

  pushed(outcome: 'ok' | 'refused' | 'failed', reply?: PushReply): void {
    this.pushes.inc({ outcome });
    for (const r of reply?.results ?? []) this.pushedMutations.inc({ status: r.status });
  }

  pulled(clientId: string, rows: number, queue?: number): void {
    this.pulls.inc();
    this.pulledRows.inc(rows);
    this.pulledAt.set(clientId, this.now());
    if (queue !== undefined) this.queueOf.set(clientId, queue);
  }

  private deviceGauges(sources: MetricsSources): void {
    const registers = [this.registry];
    const labelNames = ['client_id', 'kind'] as const;
    const pulledAt = this.pulledAt;
    const queueOf = this.queueOf;
    const now = this.now;
    // A scrape collects every metric at once (prom-client's Promise.all): the four gauges below
    // share one database read, started by the first of them and forgotten once it settles.
    let pending: Promise<SeenDevice[]> | null = null;
    const snapshot = (): Promise<SeenDevice[]> => {
      if (pending) return pending;
      const since = now() - HOUR_MS;
      for (const [id, at] of pulledAt)
        if (at < since) {
          pulledAt.delete(id);
          queueOf.delete(id);
        }
      const read = sources
        .devices([...pulledAt.keys()])
        .then((devices) => devices.filter((d) => lastSyncOf(d) * 1000 >= since));
      pending = read;
      void read.finally(() => (pending = null)).catch(() => undefined);
      return read;
    };
    const lastSyncOf = (d: SeenDevice) => Math.max(d.lastPushAt, (pulledAt.get(d.clientId) ?? 0) / 1000);
    const perDevice = (name: string, help: string, value: (d: SeenDevice) => number) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          const devices = await snapshot();
          this.reset();
          for (const d of devices) this.set({ client_id: d.clientId, kind: d.kind }, value(d));
        },
      });
    new Gauge({
      name: 'partsdesk_devices_seen_last_hour',
      help: 'Devices that pushed (any process) or pulled (this process) in the last hour',
      labelNames: ['kind'],
      registers,
      async collect() {
        const devices = await snapshot();
        for (const kind of ['staff', 'customer'] as const)
          this.set({ kind }, devices.filter((d) => d.kind === kind).length);
      },
    });
    perDevice(
      'partsdesk_device_last_sync_timestamp_seconds',
      'Devices seen in the last hour: when each last pushed (database) or pulled (this process)',
      (d) => Math.round(lastSyncOf(d)),
    );
    // Only devices that reported it (their last pull from this process): a device that only pushed
    // here, or an older build, has no series rather than a made-up 0.
    new Gauge({
      name: 'partsdesk_device_queue_depth',
      help: 'Devices seen in the last hour: changes waiting in the device outbox at its last pull from this process',
      labelNames,
      registers,
      async collect() {
        const devices = await snapshot();
        this.reset();
        for (const d of devices) {
          const depth = queueOf.get(d.clientId);
          if (depth !== undefined) this.set({ client_id: d.clientId, kind: d.kind }, depth);
        }
      },
    });
    perDevice(
      'partsdesk_device_refused_waiting',
      'Devices seen in the last hour: refused changes still queued on the device as conflicts (not discarded)',
      (d) => d.refusedWaiting,
    );
    perDevice(
      'partsdesk_device_pushed_last_hour',
      'Devices seen in the last hour: changes pushed in the last hour',
      (d) => d.pushedLastHour,
    );
  }
}

let processMetrics: Registry | null = null;

/**
 * prom-client's default metrics (CPU, memory, event-loop lag, GC), once per process: they watch the
 * process, not an app, and each registration adds observers no app close removes (tests build
 * hundreds of apps in one process).
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * Fastify's request id: a proxy's `X-Request-Id` when it looks like one (so one id follows a
 * request through the proxy's log and ours), else a fresh UUID. Never trusted for anything else.
 */
export function requestIdOf(req: { headers: FastifyRequest['headers'] }): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && /^[\w.:-]{1,64}$/.test(sent) ? sent : randomUUID();
}
