/**
 * The ONE table from a domain refusal (src/domain/refusal.ts) to the kind of error every call
 * answers it with (server/errors.ts; server/http/errors.ts STATUS_OF_KIND gives the status): the
 * staff cart and POS order calls, checkout and the terminal, the storefront checkout,
 * appointments, the garage. A sync push answers no status per mutation: it records the refusal.
 * What each kind means (docs/api.md "Refusal statuses"):
 * - invalid (400): the input is malformed (a wrong value for its field);
 * - forbidden (403): the actor's role may not make this change;
 * - not_found (404): a record the input names does not exist (or is not the caller's);
 * - conflict (409): the records' current state forbids the change whatever the input (voided,
 *   complete, already recorded, the slot taken, the order full): reload and look;
 * - refused (422): well-formed input a shop rule refuses (a cap on an amount, a tender switched
 *   off, a customer or PO number the rule needs): change the input.
 */
import type { Refusal, RefusalCode } from '../../src/domain/refusal';
import { ServiceError, type ErrorKind } from '../errors';

export type RefusalKind = Extract<ErrorKind, 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'refused'>;

export const REFUSAL_KIND: Record<RefusalCode, RefusalKind> = {
  invalid_args: 'invalid',
  amount_not_positive: 'invalid',
  invalid_check_number: 'invalid',
  card_device_incomplete: 'invalid',
  not_permitted: 'forbidden',
  not_found: 'not_found',
  line_not_found: 'not_found',
  transaction_not_found: 'not_found',
  order_not_editable: 'conflict',
  order_already_voided: 'conflict',
  transaction_already_void: 'conflict',
  duplicate_id: 'conflict',
  no_balance_due: 'conflict',
  void_at_terminal: 'conflict',
  order_line_cap: 'conflict',
  slot_taken: 'conflict',
  customer_required: 'refused',
  payment_type_disabled: 'refused',
  amount_above_balance: 'refused',
  amount_above_voucher: 'refused',
  amount_above_store_credit: 'refused',
  po_number_required: 'refused',
  invalid_status_transition: 'refused',
  credit_below_zero: 'refused',
};

/** A refusal as the error a call answers; `message` replaces the domain text (the spec's wording for the call). */
export class CommandRefused extends ServiceError {
  constructor(
    readonly refusal: Refusal,
    message?: string,
    fields?: Record<string, string[]>,
  ) {
    super(REFUSAL_KIND[refusal.code], refusal.code, message ?? refusal.message, fields);
  }
}

/**
 * Data the database cannot store inside a command (an integrity violation: a status or customer
 * removed meanwhile, a row another request inserted first): 409, never a 500. `dbError` keeps the
 * database's error for a caller that tells its constraints apart (payment-attempts.ts).
 */
export class CommandConflict extends ServiceError {
  constructor(readonly dbError: unknown) {
    super('conflict', 'conflict', 'This change conflicts with data on the server. Reload and try again.');
  }
}
