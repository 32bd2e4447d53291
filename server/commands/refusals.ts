/**
 * The ONE table from a domain refusal (src/domain/refusal.ts) to the HTTP status every call answers
 * it with: the staff cart and POS order calls, checkout and the terminal, the storefront checkout,
 * appointments. A sync push does not answer refusals with a status: it records them per mutation.
 * What each status means (docs/api.md "Refusal statuses"):
 * - 400: the input is malformed (a wrong value for its field);
 * - 403: the actor's role may not make this change;
 * - 404: a record the input names does not exist (or is not the caller's);
 * - 409: the records' current state forbids the change whatever the input (voided, complete,
 *   already recorded, the slot taken, the order full): reload and look;
 * - 422: well-formed input a shop rule refuses (a cap on an amount, a tender switched off, a
 *   customer or PO number the rule needs): change the input.
 */
import type { Refusal, RefusalCode } from '../../src/domain/refusal';
import { HttpError } from '../http/errors';

export type RefusalStatus = 400 | 403 | 404 | 409 | 422;

export const REFUSAL_STATUS: Record<RefusalCode, RefusalStatus> = {
  invalid_args: 400,
  amount_not_positive: 400,
  invalid_check_number: 400,
  card_device_incomplete: 400,
  not_permitted: 403,
  not_found: 404,
  line_not_found: 404,
  transaction_not_found: 404,
  order_not_editable: 409,
  order_already_voided: 409,
  transaction_already_void: 409,
  duplicate_id: 409,
  no_balance_due: 409,
  void_at_terminal: 409,
  order_line_cap: 409,
  slot_taken: 409,
  customer_required: 422,
  payment_type_disabled: 422,
  amount_above_balance: 422,
  amount_above_voucher: 422,
  amount_above_store_credit: 422,
  po_number_required: 422,
  invalid_status_transition: 422,
  credit_below_zero: 422,
};

/** A refusal as the HTTP error a call answers; `message` replaces the domain text (the spec's wording for the call). */
export class CommandRefused extends HttpError {
  constructor(
    readonly refusal: Refusal,
    message?: string,
    fields?: Record<string, string[]>,
  ) {
    super(REFUSAL_STATUS[refusal.code], refusal.code, message ?? refusal.message, fields);
  }
}

/**
 * Data the database cannot store inside a command (an integrity violation: a status or customer
 * removed meanwhile, a row another request inserted first): 409, never a 500. `dbError` keeps the
 * database's error for a caller that tells its constraints apart (payment-attempts.ts).
 */
export class CommandConflict extends HttpError {
  constructor(readonly dbError: unknown) {
    super(409, 'conflict', 'This change conflicts with data on the server. Reload and try again.');
  }
}
