/**
 * Runs domain mutations for the checkout calls the way a sync push runs them, minus the client
 * bookkeeping: one SQL transaction that holds `sync_state FOR SHARE` (the pull's version horizon,
 * docs/decisions/sync.md "Flaws in the first protocol design, and the fixes" flaw 1), the
 * mutation's server applier (rows locked FOR UPDATE in the order order -> customer -> vouchers, the
 * shared domain mutator, the writes), server time and the store settings read inside the
 * transaction. Retried on serialization failure / deadlock.
 *
 * (server/services/pos/pos-commands.ts, the general form of this, did not exist when this was written;
 * this file is the checkout's own small equivalent.)
 * Must stay true: a refusal inside `transaction` is thrown (ServiceError) so every write made in that
 * transaction rolls back with it; side effects (terminal, mail) run only after it has committed.
 */
import { sql, type Kysely } from 'kysely';
import type { Refusal, RefusalCode } from '../../../src/domain/refusal';
import type { StoreSettings } from '../../../src/domain/settings';
import type { DB } from '../../db/schema';
import { ServiceError, type ErrorKind } from '../../errors';
import { defaultAppliers } from '../../sync/appliers/registry';
import type { Actor, ApplierMap } from '../../sync/appliers/types';
import { isRetryable } from '../../sync/errors';

export type SettingsLoader = (db: Kysely<DB>) => Promise<StoreSettings>;

export interface CheckoutMutationsOptions {
  settings: SettingsLoader;
  clock?: () => Date;
  appliers?: ApplierMap;
}

/**
 * A terminal's answer (an approval, a refund) recorded as the server's own flow in the name of the
 * staff member who started it: role 'staff' is one no session has, so the writable-fields table
 * (src/domain/mutations/writable-fields.ts) lets it write the server-only terminal records. The
 * staff member's own right was checked by the route that started the attempt.
 */
export const terminalFlowActor = (staffId: string): Actor => ({ kind: 'staff', id: staffId, role: 'staff' });

/** The actor of payments made through a payment link (no staff user is involved). */
export const PAYMENT_LINK_ACTOR: Actor = { kind: 'staff', id: 'payment-link', role: 'system' };

export interface TxContext {
  trx: Kysely<DB>;
  now: Date;
  settings: () => Promise<StoreSettings>;
}

/** The kind of each domain refusal (server/errors.ts). */
const kindOf: Record<RefusalCode, ErrorKind> = {
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
  no_balance_due: 'conflict',
  duplicate_id: 'conflict',
  customer_required: 'refused',
  payment_type_disabled: 'refused',
  amount_above_balance: 'refused',
  amount_above_voucher: 'refused',
  amount_above_store_credit: 'refused',
  po_number_required: 'refused',
  invalid_status_transition: 'refused',
  credit_below_zero: 'refused',
  void_at_terminal: 'conflict',
  not_permitted: 'forbidden',
  order_line_cap: 'conflict',
  slot_taken: 'conflict',
};

/** A domain refusal as the refusal the checkout calls answer with (code and message kept). */
export function refusalError(r: Refusal): ServiceError {
  return new ServiceError(kindOf[r.code], r.code, r.message);
}

export class CheckoutMutations {
  private readonly db: Kysely<DB>;
  readonly clock: () => Date;
  private readonly appliers: ApplierMap;

  constructor(
    db: Kysely<DB>,
    private readonly opts: CheckoutMutationsOptions,
  ) {
    this.db = db;
    this.clock = opts.clock ?? (() => new Date());
    this.appliers = opts.appliers ?? defaultAppliers;
  }

  /** `fn` in one transaction holding sync_state FOR SHARE; retried whole on 40001/40P01. */
  async transaction<T>(fn: (tx: TxContext) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          await sql`select 1 from sync_state where id = 1 for share`.execute(trx);
          let cached: Promise<StoreSettings> | null = null;
          const settings = () => (cached ??= this.opts.settings(trx));
          return fn({ trx, now: this.clock(), settings });
        });
      } catch (err) {
        if (!isRetryable(err) || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 5 * 2 ** attempt + Math.random() * 10));
      }
    }
  }

  /** Runs mutation `name` through its server applier on `tx`; a refusal is thrown (rolls back). */
  async apply(tx: TxContext, name: string, args: unknown, actor: Actor): Promise<void> {
    const refused = await this.tryApply(tx, name, args, actor);
    if (refused) throw refusalError(refused);
  }

  /** As `apply`, but a refusal is returned; the applier has then written nothing (its contract). */
  async tryApply(tx: TxContext, name: string, args: unknown, actor: Actor): Promise<Refusal | null> {
    const applier = this.appliers[name];
    if (!applier) throw new Error(`no applier for ${name}`);
    const r = await applier.apply(args, { trx: tx.trx, actor, now: tx.now.toISOString(), settings: await tx.settings() });
    return r.ok ? null : r;
  }

  /** Store settings for a read outside a mutation. */
  settings(): Promise<StoreSettings> {
    return this.opts.settings(this.db);
  }

  /** The same connection, outside any transaction (reads). */
  get reader(): Kysely<DB> {
    return this.db;
  }
}
