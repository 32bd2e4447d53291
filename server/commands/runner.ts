/**
 * The one way a change of sale data reaches SQL: a sync push (server/sync/push-service.ts), the
 * staff cart and POS order calls, checkout and the terminal's answers, the storefront checkout,
 * appointments and the garage all run their mutations here, through the SAME server appliers
 * (./appliers: src/domain mutators with the catalog re-stamping, voucher ledgers, audit log and
 * records they carry), never a second implementation of a rule.
 *
 * Must stay true:
 * - A command is one SQL transaction that holds `sync_state FOR SHARE` (the pull's version
 *   horizon, docs/decisions/sync.md "Flaws in the first protocol design, and the fixes" flaw 1)
 *   before it writes, so a device pulling meanwhile never skips a row it wrote.
 * - Several mutations may run in one transaction (a lazy cart and its first line); a refusal is
 *   thrown (`run`) so everything the transaction wrote rolls back with it, or returned (`attempt`),
 *   and then the applier has written nothing (its contract, ./appliers/types.ts).
 * - Serialization failures and deadlocks retry the whole transaction (./retry.ts).
 * - Store settings are read inside the transaction, once (./settings.ts); time is the server's.
 * - Side effects (terminal, mail, card processor) run only after the transaction has committed.
 * Refusals become HTTP statuses through ONE table (./refusals.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Refusal } from '../../src/domain/refusal';
import type { StoreSettings } from '../../src/domain/settings';
import type { DB } from '../db/schema';
import type { AppointmentsDB } from '../db/schema-appointments';
import type { PosTables } from '../db/schema-pos';
import type { ServiceError } from '../errors';
import type { SyncDB } from '../sync/db';
import type { Actor } from './actor';
import { defaultAppliers } from './appliers/registry';
import type { Applier, ApplierMap, ApplyContext } from './appliers/types';
import { isIntegrityViolation } from './errors';
import { CommandConflict, CommandRefused } from './refusals';
import { MAX_RETRIES, withRetry } from './retry';
import { defaultSettingsLoader, type SettingsLoader } from './settings';

/** Every table a command may read or write (one `DB` type is docs/architecture.md "The target structure" 2). */
export type CommandDB = AppointmentsDB & PosTables;

export interface CommandOptions {
  appliers?: ApplierMap;
  settings?: SettingsLoader;
  /** Server clock; tests pin it. */
  clock?: () => Date;
  /** Retries of a transaction that lost a race (40001/40P01); MAX_RETRIES unless a test sets it. */
  maxRetries?: number;
}

export interface CommandTx<V = CommandDB> {
  trx: Kysely<V>;
  /** Server time of this command; every mutation in it is stamped with it. */
  now: Date;
  /** Who the command runs as; null when each mutation names its own (`RunOptions.as`: the checkout's terminal flows). */
  actor: Actor | null;
  settings(): Promise<StoreSettings>;
}

export interface RunOptions {
  /** The actor of this mutation, when not the transaction's (a terminal's answer: terminalFlowActor). */
  as?: Actor;
  /** The error a refusal becomes, when the call words it its own way; default CommandRefused. */
  refused?: (r: Refusal) => ServiceError;
}

const syncView = <T>(db: Kysely<T>): Kysely<SyncDB> => db as unknown as Kysely<SyncDB>;

/**
 * `V` is the table view the caller's SQL is typed with (schema-pos.ts PosDB, schema-payments.ts
 * PaymentsDB) until one `DB` type holds every table (docs/architecture.md "The target structure" 2);
 * it changes types only: `typed<V>()` is the one cast.
 */
export class CommandRunner<V = CommandDB> {
  private readonly db: Kysely<V>;
  readonly appliers: ApplierMap;
  private readonly loadSettings: SettingsLoader;
  readonly clock: () => Date;
  private readonly maxRetries: number;

  constructor(db: Kysely<DB>, opts: CommandOptions = {}) {
    this.db = db as unknown as Kysely<V>;
    this.appliers = opts.appliers ?? defaultAppliers;
    this.loadSettings = opts.settings ?? defaultSettingsLoader;
    this.clock = opts.clock ?? (() => new Date());
    this.maxRetries = opts.maxRetries ?? MAX_RETRIES;
  }

  /** The same runner with its settings transformed (the storefront's online tender: ./settings.ts withOnlineTender). */
  withSettings(settings: (load: SettingsLoader) => SettingsLoader): CommandRunner<V> {
    return new CommandRunner<V>(this.db as unknown as Kysely<DB>, { appliers: this.appliers, settings: settings(this.loadSettings), clock: this.clock, maxRetries: this.maxRetries });
  }

  /** The same runner with SQL typed by another view of the same tables. */
  typed<W>(): CommandRunner<W> {
    return this as unknown as CommandRunner<W>;
  }

  /**
   * `fn` as one command of an HTTP call: one transaction holding the horizon, retried whole on a
   * lost race; data the database cannot store (an integrity violation) is answered 409, never 500.
   */
  transaction<T>(fn: (tx: CommandTx<V>) => Promise<T>): Promise<T>;
  transaction<T>(actor: Actor, fn: (tx: CommandTx<V>) => Promise<T>): Promise<T>;
  async transaction<T>(first: Actor | ((tx: CommandTx<V>) => Promise<T>), second?: (tx: CommandTx<V>) => Promise<T>): Promise<T> {
    const actor = typeof first === 'function' ? null : first;
    const fn = typeof first === 'function' ? first : (second as (tx: CommandTx<V>) => Promise<T>);
    try {
      return await this.execute(async (trx) => {
        await holdHorizon(trx);
        return fn(this.tx(trx, actor));
      });
    } catch (err) {
      if (isIntegrityViolation(err)) throw new CommandConflict(err);
      throw err;
    }
  }

  /**
   * The bare frame: one transaction, retried whole on a lost race, nothing else. For a caller that
   * must lock its own rows before the horizon (the sync push locks the device's row first and
   * takes the horizon only for a mutation it applies) and handles database errors itself.
   */
  execute<T>(fn: (trx: Kysely<V>) => Promise<T>): Promise<T> {
    return withRetry(() => this.db.transaction().execute(fn), this.maxRetries);
  }

  /** Runs mutation `name` through its applier; a refusal is thrown (rolling the transaction back). */
  async run(tx: CommandTx<V>, name: string, args: unknown, opts: RunOptions = {}): Promise<void> {
    const r = await this.attempt(tx, name, args, opts.as);
    if (r) throw opts.refused ? opts.refused(r) : new CommandRefused(r);
  }

  /** As `run`, but a refusal is returned; the applier has then written nothing. */
  async attempt(tx: CommandTx<V>, name: string, args: unknown, as?: Actor): Promise<Refusal | null> {
    const applier = this.appliers[name];
    if (!applier) throw new Error(`no applier for ${name}`);
    const actor = as ?? tx.actor;
    if (!actor) throw new Error(`${name}: a command without an actor`);
    const r = await this.apply(applier, args, { trx: syncView(tx.trx), actor, now: tx.now.toISOString(), settings: await tx.settings() });
    return r.ok ? null : r;
  }

  /** One applier on a transaction the caller opened (the push: its door already found the applier). */
  apply(applier: Applier, args: unknown, ctx: ApplyContext): Promise<{ ok: true } | Refusal> {
    return applier.apply(args, ctx);
  }

  /** Store settings for a read outside a command (or on the caller's transaction). */
  settings<T = V>(db?: Kysely<T>): Promise<StoreSettings> {
    return this.loadSettings(db ? syncView(db) : syncView(this.db));
  }

  /** The same connection, outside any transaction (reads). */
  get reader(): Kysely<V> {
    return this.db;
  }

  private tx(trx: Kysely<V>, actor: Actor | null): CommandTx<V> {
    let cached: Promise<StoreSettings> | null = null;
    return { trx, now: this.clock(), actor, settings: () => (cached ??= this.loadSettings(syncView(trx))) };
  }
}

/** `sync_state FOR SHARE`: the pull's version horizon (server/sync/pull-service.ts), held until commit. */
export async function holdHorizon<T>(trx: Kysely<T>): Promise<void> {
  await sql`select 1 from sync_state where id = 1 for share`.execute(trx);
}
