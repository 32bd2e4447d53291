/**
 * The online path for domain mutations: the staff cart and POS order calls run the SAME server
 * appliers a sync push runs (src/domain mutators behind server/sync/appliers, with the catalog
 * re-stamping and voucher ledgers they carry), never a second implementation of a rule.
 *
 * A command is one SQL transaction that first takes `sync_state FOR SHARE` (the pull's version
 * horizon, docs/decisions/sync.md "Flaws in the first protocol design, and the fixes" flaw 1), so a
 * device pulling meanwhile never skips a row this call wrote. Several mutations may run in one
 * transaction (lazy cart + first line); a refusal is thrown as a ServiceError so everything the
 * transaction wrote rolls back with it. Serialization failures and deadlocks retry the whole
 * transaction (5 times, backoff).
 *
 * Settings and clock come from the same options as the push (server/sync/create.ts `SyncOptions`),
 * so a line added here and the same line pushed by a device get the same totals.
 */
import { sql, type Kysely } from 'kysely';
import type { MutationArgsInput, MutationName } from '../../../src/domain/mutations/catalogue';
import type { Refusal, RefusalCode } from '../../../src/domain/refusal';
import { defaultStoreSettings, type StoreSettings } from '../../../src/domain/settings';
import type { SessionUser } from '../../../src/contracts/session';
import type { DB } from '../../db/schema';
import { ServiceError, unauthorized } from '../../errors';
import { defaultAppliers } from '../../sync/appliers/registry';
import type { Actor, ApplierMap } from '../../sync/appliers/types';
import { isIntegrityViolation, isRetryable } from '../../sync/errors';

export interface PosCommandOptions {
  appliers?: ApplierMap;
  settings?: (db: Kysely<DB>) => Promise<StoreSettings>;
  clock?: () => Date;
}

export interface PosTx {
  trx: Kysely<DB>;
  /** Server time of this command, ISO; every mutation in it is stamped with it. */
  now: string;
  actor: Actor;
  settings(): Promise<StoreSettings>;
}

/** The kind of each domain refusal (server/errors.ts): bad input, missing records, the order's state. */
const kindOf: Record<RefusalCode, 'invalid' | 'forbidden' | 'not_found' | 'conflict'> = {
  invalid_args: 'invalid',
  amount_not_positive: 'invalid',
  invalid_check_number: 'invalid',
  card_device_incomplete: 'invalid',
  not_found: 'not_found',
  line_not_found: 'not_found',
  transaction_not_found: 'not_found',
  order_not_editable: 'conflict',
  order_already_voided: 'conflict',
  transaction_already_void: 'conflict',
  duplicate_id: 'conflict',
  customer_required: 'conflict',
  payment_type_disabled: 'conflict',
  no_balance_due: 'conflict',
  amount_above_balance: 'conflict',
  amount_above_voucher: 'conflict',
  amount_above_store_credit: 'conflict',
  po_number_required: 'conflict',
  invalid_status_transition: 'conflict',
  credit_below_zero: 'conflict',
  void_at_terminal: 'conflict',
  not_permitted: 'forbidden',
  order_line_cap: 'conflict',
  slot_taken: 'conflict',
};

/** A refusal as the error every POS call answers; `message` replaces the domain text (the spec's wording for the call). */
export class CommandRefused extends ServiceError {
  constructor(
    readonly refusal: Refusal,
    message?: string,
    fields?: Record<string, string[]>,
  ) {
    super(kindOf[refusal.code], refusal.code, message ?? refusal.message, fields);
  }
}

/** The acting staff user of a request (the guard has already refused anyone else). */
export function staffActor(user: SessionUser | null): Actor {
  if (!user || user.kind !== 'staff') throw unauthorized();
  return { kind: 'staff', id: user.id, role: user.role };
}

export class PosCommands {
  private readonly db: Kysely<DB>;
  private readonly appliers: ApplierMap;
  private readonly loadSettings: (db: Kysely<DB>) => Promise<StoreSettings>;
  private readonly clock: () => Date;

  constructor(db: Kysely<DB>, opts: PosCommandOptions = {}) {
    this.db = db;
    this.appliers = opts.appliers ?? defaultAppliers;
    this.loadSettings = opts.settings ?? (() => Promise.resolve(defaultStoreSettings));
    this.clock = opts.clock ?? (() => new Date());
  }

  /** `fn` in one transaction holding sync_state FOR SHARE; retried whole on 40001/40P01. */
  async transaction<T>(actor: Actor, fn: (tx: PosTx) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          await sql`select 1 from sync_state where id = 1 for share`.execute(trx);
          let cached: Promise<StoreSettings> | null = null;
          const settings = () => (cached ??= this.loadSettings(trx));
          return fn({ trx, now: this.clock().toISOString(), actor, settings });
        });
      } catch (err) {
        if (isIntegrityViolation(err)) {
          // Data that cannot be stored (a status or customer removed meanwhile): never a 500.
          throw new ServiceError('conflict', 'conflict', 'This change conflicts with data on the server. Reload and try again.');
        }
        if (!isRetryable(err) || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 5 * 2 ** attempt + Math.random() * 10));
      }
    }
  }

  /** Runs mutation `name` through its server applier; a refusal is thrown (rolling the transaction back). */
  async run<N extends MutationName>(tx: PosTx, name: N, args: MutationArgsInput<N>, refused?: (r: Refusal) => ServiceError): Promise<void> {
    const applier = this.appliers[name];
    if (!applier) throw new Error(`no applier for ${name}`);
    const r = await applier.apply(args, { trx: tx.trx, actor: tx.actor, now: tx.now, settings: await tx.settings() });
    if (!r.ok) throw refused ? refused(r) : new CommandRefused(r);
  }

  /** Reads outside any transaction. */
  get reader(): Kysely<DB> {
    return this.db;
  }

  settingsOn(db: Kysely<DB>): Promise<StoreSettings> {
    return this.loadSettings(db);
  }
}
