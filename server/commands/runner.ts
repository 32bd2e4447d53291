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
import type { ServiceError } from '../errors';
import type { Actor } from './actor';
import { defaultAppliers } from './appliers/registry';
import type { Applied, Applier, ApplierMap, ApplyContext } from './appliers/types';
import { isIntegrityViolation } from './errors';
import { CommandConflict, CommandRefused } from './refusals';
import { MAX_RETRIES, withRetry } from './retry';
import { defaultSettingsLoader, type SettingsLoader } from './settings';

export interface CommandOptions {
  appliers?: ApplierMap;
  settings?: SettingsLoader;
  /** Server clock; tests pin it. */
  clock?: () => Date;
  /** Retries of a transaction that lost a race (40001/40P01); MAX_RETRIES unless a test sets it. */
  maxRetries?: number;
  /**
   * After a transaction committed (never inside it, never for one rolled back): the poke hub
   * (server/sync/poke-hub.ts) tells staff devices something changed. Must not throw or wait.
   */
  onCommit?: () => void;
}

export interface CommandTx {
  trx: Kysely<DB>;
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

export class CommandRunner {
  private readonly db: Kysely<DB>;
  readonly appliers: ApplierMap;
  private readonly loadSettings: SettingsLoader;
  readonly clock: () => Date;
  private readonly maxRetries: number;
  private readonly onCommit: (() => void) | undefined;

  constructor(db: Kysely<DB>, opts: CommandOptions = {}) {
    this.db = db;
    this.appliers = opts.appliers ?? defaultAppliers;
    this.loadSettings = opts.settings ?? defaultSettingsLoader;
    this.clock = opts.clock ?? (() => new Date());
    this.maxRetries = opts.maxRetries ?? MAX_RETRIES;
    this.onCommit = opts.onCommit;
  }

  /** The same runner with its settings transformed (the storefront's online tender: ./settings.ts withOnlineTender). */
  withSettings(settings: (load: SettingsLoader) => SettingsLoader): CommandRunner {
    return new CommandRunner(this.db, {
      appliers: this.appliers,
      settings: settings(this.loadSettings),
      clock: this.clock,
      maxRetries: this.maxRetries,
      ...(this.onCommit ? { onCommit: this.onCommit } : {}),
    });
  }

  /**
   * `fn` as one command of an HTTP call: one transaction holding the horizon, retried whole on a
   * lost race; data the database cannot store (an integrity violation) is answered 409, never 500.
   */
  transaction<T>(fn: (tx: CommandTx) => Promise<T>): Promise<T>;
  transaction<T>(actor: Actor, fn: (tx: CommandTx) => Promise<T>): Promise<T>;
  async transaction<T>(
    first: Actor | ((tx: CommandTx) => Promise<T>),
    second?: (tx: CommandTx) => Promise<T>,
  ): Promise<T> {
    const actor = typeof first === 'function' ? null : first;
    const fn = typeof first === 'function' ? first : (second as (tx: CommandTx) => Promise<T>);
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
  async execute<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    const result = await withRetry(() => this.db.transaction().execute(fn), this.maxRetries);
    this.onCommit?.();
    return result;
  }

  /** Runs mutation `name` through its applier; a refusal is thrown (rolling the transaction back). */
  async run(tx: CommandTx, name: string, args: unknown, opts: RunOptions = {}): Promise<void> {
    const r = await this.attempt(tx, name, args, opts.as);
    if (r) throw opts.refused ? opts.refused(r) : new CommandRefused(r);
  }

  /** As `run`, but a refusal is returned; the applier has then written nothing. */
  async attempt(tx: CommandTx, name: string, args: unknown, as?: Actor): Promise<Refusal | null> {
    const applier = this.appliers[name];
    if (!applier) throw new Error(`no applier for ${name}`);
    const actor = as ?? tx.actor;
    if (!actor) throw new Error(`${name}: a command without an actor`);
    const r = await this.apply(applier, args, {
      trx: tx.trx,
      actor,
      now: tx.now.toISOString(),
      settings: await tx.settings(),
    });
    return r.ok ? null : r;
  }

  /** One applier on a transaction the caller opened (the push: its door already found the applier). */
  apply(applier: Applier, args: unknown, ctx: ApplyContext): Promise<Applied | Refusal> {
    return applier.apply(args, ctx);
  }

  /** Store settings for a read outside a command (or on the caller's transaction). */
  settings(db: Kysely<DB> = this.db): Promise<StoreSettings> {
    return this.loadSettings(db);
  }

  /** The same connection, outside any transaction (reads). */
  get reader(): Kysely<DB> {
    return this.db;
  }

  private tx(trx: Kysely<DB>, actor: Actor | null): CommandTx {
    let cached: Promise<StoreSettings> | null = null;
    return { trx, now: this.clock(), actor, settings: () => (cached ??= this.loadSettings(trx)) };
  }
}

/** `sync_state FOR SHARE`: the pull's version horizon (server/sync/pull-service.ts), held until commit. */
export async function holdHorizon(trx: Kysely<DB>): Promise<void> {
  await sql`select 1 from sync_state where id = 1 for share`.execute(trx);
}
