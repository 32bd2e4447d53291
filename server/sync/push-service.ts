/**
 * POST /sync/push: applies a client's mutations in order, exactly once.
 *
 * Invariants (each holds per mutation, because each runs in ONE SQL transaction that locks the
 * client's sync_clients row FOR UPDATE first, so two pushes from one client serialise):
 * - id <= last_mutation_id: nothing is written; the reply repeats the recorded outcome (skipped).
 * - id >  last_mutation_id + 1: a gap; nothing from it on is applied (409 mutation_gap).
 * - id == last_mutation_id + 1: the applier's writes, the sync_mutations record and the advance of
 *   last_mutation_id commit together or not at all. A refusal at the door (./door.ts: unknown name,
 *   access, args schema, all before any SQL of the mutation), a domain refusal, an integrity
 *   violation or a data error is recorded as rejected and still advances (the queue moves on); any
 *   other error rolls back and the whole push answers 503 so the client retries later (40001/40P01
 *   are retried here first).
 * Each mutation runs through the command runner (server/commands/runner.ts): its retry frame, the
 * version horizon (sync_state FOR SHARE, taken after the client's row and only for a mutation that
 * is applied; see pull-service), its settings and its appliers; the push adds the device's
 * bookkeeping (sequence, recorded outcome) and records a refusal instead of answering a status.
 * Mutators run at the change's device time when plausible (businessTime below), else server time,
 * and as the staff member whose staff token the mutation carries (makerOf; checked for this client
 * id, expiry with its grace, an active member), else as the session user; a refused token is that
 * mutation's rejection (docs/decisions/sync.md "Staff tokens: who made a queued change").
 * A push is bounded in time: once `deadlineMs` (PUSH_DEADLINE_MS) has passed, it takes no further
 * mutation of the batch and answers what it applied (always at least one; the device resends the rest).
 * Replies (a gap too) carry sync_state.epoch, which only a restore changes (migration 0006); the
 * 200 reply also carries the client's device prefix (device-prefix.ts).
 */
import { sql, type Kysely } from 'kysely';
import { PUSH_DEADLINE_MS, type PushMutation, type PushReply, type PushResult } from '../../src/contracts/sync-push';
import type { Actor } from '../commands/actor';
import { isDataError, isIntegrityViolation, RecordOwnedElsewhere } from '../commands/errors';
import { holdHorizon, type CommandRunner } from '../commands/runner';
import type { DB } from '../db/schema';
import type { StaffTokens } from '../services/session/staff-tokens';
import { assignPrefix, registerClient } from './device-prefix';
import { admit, awaitsNewerServer, DATA_ERROR_MESSAGE, FORBIDDEN_MESSAGE, type Admission } from './door';

const CONFLICT_MESSAGE = 'This change conflicts with data already on the server.';

export class PushRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface PushServiceOptions {
  /** Appliers, settings, clock and retries (server/commands/runner.ts). */
  runner: CommandRunner;
  /** Time after which a push answers what it applied (PUSH_DEADLINE_MS); tests set 0: one mutation per push. */
  deadlineMs?: number;
  /** Checks the staff token a mutation carries (its maker); absent: every mutation runs as the session user. */
  staffTokens?: StaffTokens;
}

/** Who made a mutation: its token's staff member, or the pushing session user when it carries none. */
type Maker = { ok: true; actor: Actor } | { ok: false; code: string; message: string };

type Outcome = { kind: 'result'; result: PushResult; last: number } | { kind: 'gap'; last: number };

export class PushService {
  private readonly db: Kysely<DB>;
  private readonly runner: CommandRunner;
  private readonly clock: () => Date;

  constructor(
    db: Kysely<DB>,
    private readonly opts: PushServiceOptions,
  ) {
    this.db = db;
    this.runner = opts.runner;
    this.clock = opts.runner.clock;
  }

  async push(
    clientId: string,
    mutations: readonly PushMutation[],
    actor: Actor,
    claimedPrefix?: string,
  ): Promise<PushReply> {
    const client = await this.registerClient(clientId, actor, claimedPrefix);
    const epoch = client.epoch;
    const prefix = client.prefix === null ? {} : { devicePrefix: client.prefix };
    let last = client.last;
    for (const m of mutations) {
      if (awaitsNewerServer(this.runner.appliers, m.name)) {
        throw new PushRefused(
          422,
          'unsupported_mutation',
          `This server cannot apply "${m.name}" yet; it stays queued.`,
          { id: m.id },
        );
      }
    }
    const results: PushResult[] = [];
    const makers = new Map<string, Promise<Maker>>();
    const started = performance.now();
    const deadline = this.opts.deadlineMs ?? PUSH_DEADLINE_MS;
    for (const m of mutations) {
      // Past the deadline, answer what was applied: the device resends the rest (never a timeout with no reply).
      if (results.length > 0 && performance.now() - started >= deadline) break;
      const outcome = await this.processOne(clientId, m, actor, makers);
      last = outcome.last;
      if (outcome.kind === 'gap') {
        throw new PushRefused(
          409,
          'mutation_gap',
          `Mutation ${m.id} does not follow ${last}: resend from ${last + 1}.`,
          {
            expected: last + 1,
            lastMutationId: last,
            results,
            epoch,
          },
        );
      }
      results.push(outcome.result);
    }
    return { lastMutationId: last, results, epoch, ...prefix };
  }

  /**
   * The client's row, created on first contact, the server's epoch and the client's device prefix
   * (given on first contact, or the device's claim recorded again). A shopper's client id is theirs alone.
   */
  private async registerClient(
    clientId: string,
    actor: Actor,
    claimed: string | undefined,
  ): Promise<{ last: number; epoch: string; prefix: string | null }> {
    const now = this.clock();
    const read = () =>
      this.db
        .selectFrom('sync_clients')
        .select([
          'last_mutation_id',
          'user_kind',
          'customer_uuid',
          'device_prefix',
          sql<string>`(select epoch::text from sync_state where id = 1)`.as('epoch'),
        ])
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    // Read first: a known device (every push after its first) costs one statement, not two.
    let row = await read();
    if (!row) {
      await registerClient(this.db, clientId, actor, now);
      row = await read();
      if (!row) throw new Error(`sync client ${clientId} vanished after it was registered`);
    }
    const owned = row.user_kind === actor.kind && (actor.kind === 'staff' || row.customer_uuid === actor.id);
    if (!owned)
      throw new PushRefused(
        403,
        'forbidden',
        'This device is registered to another account. Sign in as that account or reset the device.',
      );
    const prefix = row.device_prefix ?? (await assignPrefix(this.db, clientId, actor, claimed, now));
    return { last: Number(row.last_mutation_id), epoch: row.epoch, prefix };
  }

  /**
   * The maker of a mutation that carries a staff token: the token must verify for this device
   * (server/services/session/staff-tokens.ts) and the session pushing it must be staff. Without a
   * token (older clients) the session user is the maker, as before. One check per token per push.
   */
  private makerOf(
    clientId: string,
    m: PushMutation,
    session: Actor,
    makers: Map<string, Promise<Maker>>,
  ): Promise<Maker> {
    const token = m.madeBy?.token;
    if (token === undefined || !this.opts.staffTokens) return Promise.resolve({ ok: true, actor: session });
    if (session.kind !== 'staff') return Promise.resolve({ ok: false, code: 'forbidden', message: FORBIDDEN_MESSAGE });
    const tokens = this.opts.staffTokens;
    let found = makers.get(token);
    if (!found) {
      found = tokens
        .check(token, clientId, this.clock())
        .then((c): Maker => (c.ok ? { ok: true, actor: { kind: 'staff', id: c.staff.id, role: c.staff.role } } : c));
      makers.set(token, found);
    }
    return found;
  }

  private async processOne(
    clientId: string,
    m: PushMutation,
    session: Actor,
    makers: Map<string, Promise<Maker>>,
  ): Promise<Outcome> {
    const maker = await this.makerOf(clientId, m, session, makers);
    // The change runs as its maker (their rights, their name); a refused token is its refusal.
    const actor = maker.ok ? maker.actor : session;
    const pushed = { actor, pushedBy: session.id };
    // The door (./door.ts) decides before any SQL of the mutation: name, access, args schema.
    const admitted: Admission = maker.ok
      ? admit(this.runner.appliers, m, actor)
      : { ok: false, code: maker.code, message: maker.message };
    try {
      return await this.runner.execute(async (trx): Promise<Outcome> => {
        const last = await lockClient(trx, clientId);
        if (m.id <= last) return { kind: 'result', result: await recorded(trx, clientId, m.id), last };
        if (m.id > last + 1) return { kind: 'gap', last };
        await holdHorizon(trx);
        const now = this.clock();
        let result: PushResult = { id: m.id, status: 'applied' };
        if (!admitted.ok) {
          result = { id: m.id, status: 'rejected', code: admitted.code, message: admitted.message };
        } else {
          const settings = await this.runner.settings(trx);
          const r = await this.runner.apply(admitted.applier, m.args, {
            trx,
            actor,
            now: businessTime(m.at, now),
            settings,
            device: { clientId, mutationId: m.id },
          });
          if (!r.ok) result = { id: m.id, status: 'rejected', code: r.code, message: r.message };
          // Applied with a notice (a customer field kept from another device): recorded with the
          // result, so a replay repeats it, and shown by the device beside its conflicts.
          else if (r.notice) result = { id: m.id, status: 'applied', code: r.notice.code, message: r.notice.message };
        }
        await finish(trx, clientId, m, result, pushed, now);
        return { kind: 'result', result, last: m.id };
      });
    } catch (err) {
      // Data the mutation carries that can never be stored: an integrity violation, a row of another
      // owner, a data error (overflow, malformed text) the schema did not catch. A retry cannot
      // succeed, so it is recorded as rejected (the queue moves on); anything else stays a 503.
      const message = isDataError(err)
        ? DATA_ERROR_MESSAGE
        : isIntegrityViolation(err) || err instanceof RecordOwnedElsewhere
          ? CONFLICT_MESSAGE
          : null;
      if (message === null) throw err;
      // The applier's writes are rolled back; record the rejection on its own.
      return this.runner.execute(async (trx): Promise<Outcome> => {
        const last = await lockClient(trx, clientId);
        if (m.id !== last + 1)
          return m.id <= last
            ? { kind: 'result', result: await recorded(trx, clientId, m.id), last }
            : { kind: 'gap', last };
        const result: PushResult = { id: m.id, status: 'rejected', code: 'conflict', message };
        await finish(trx, clientId, m, result, pushed, this.clock());
        return { kind: 'result', result, last: m.id };
      });
    }
  }
}

/** How far back a device's clock is believed for the time of a sale made offline. */
export const DEVICE_TIME_WINDOW_MS = 14 * 86_400_000;

/**
 * The time a change is recorded under (order dates, payment times): when it was made on the
 * device, for a sale made offline hours or days ago, as long as the device's clock is plausible:
 * never after the server's clock (a clock running ahead cannot date a sale in the future) and not
 * more than DEVICE_TIME_WINDOW_MS before it (a till whose clock was reset to 2019); otherwise the
 * server's time. docs/decisions/client.md "Offline for days: no expiry, and the sale's own date".
 */
export function businessTime(deviceAt: string, serverNow: Date): string {
  const device = Date.parse(deviceAt);
  const server = serverNow.getTime();
  if (!Number.isFinite(device) || device > server || device < server - DEVICE_TIME_WINDOW_MS)
    return serverNow.toISOString();
  return new Date(device).toISOString();
}

async function lockClient(trx: Kysely<DB>, clientId: string): Promise<number> {
  const row = await trx
    .selectFrom('sync_clients')
    .select('last_mutation_id')
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return Number(row.last_mutation_id);
}

/** The outcome recorded the first time, repeated for a replay. */
async function recorded(trx: Kysely<DB>, clientId: string, id: number): Promise<PushResult> {
  const row = await trx
    .selectFrom('sync_mutations')
    .select(['status', 'code', 'message'])
    .where('client_id', '=', clientId)
    .where('mutation_id', '=', String(id))
    .executeTakeFirst();
  if (!row) return { id, status: 'skipped' };
  return {
    id,
    status: 'skipped',
    was: row.status,
    ...(row.code ? { code: row.code } : {}),
    ...(row.message ? { message: row.message } : {}),
  };
}

async function finish(
  trx: Kysely<DB>,
  clientId: string,
  m: PushMutation,
  result: PushResult,
  { actor, pushedBy }: { actor: Actor; pushedBy: string },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('sync_mutations')
    .values({
      client_id: clientId,
      mutation_id: m.id,
      name: m.name,
      status: result.status === 'rejected' ? 'rejected' : 'applied',
      code: result.code ?? null,
      message: result.message ?? null,
      actor_kind: actor.kind,
      actor_id: actor.id,
      device_at: m.at,
      applied_at: now,
      made_by_id: m.madeBy?.id ?? null,
      made_by_role: m.madeBy?.role ?? null,
      pushed_by_id: pushedBy,
    })
    .execute();
  await trx
    .updateTable('sync_clients')
    .set({ last_mutation_id: m.id, last_seen_at: now })
    .where('client_id', '=', clientId)
    .execute();
}
