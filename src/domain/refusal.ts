/** A domain refusal: a stable machine code plus the text staff see (the spec's wording where it has one). */
export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
}

export type RefusalCode =
  | 'invalid_args'
  | 'not_found'
  | 'order_not_editable'
  | 'order_already_voided'
  | 'customer_required'
  | 'line_not_found'
  | 'transaction_not_found'
  | 'transaction_already_void'
  | 'payment_type_disabled'
  | 'no_balance_due'
  | 'amount_not_positive'
  | 'amount_above_balance'
  | 'amount_above_voucher'
  | 'amount_above_store_credit'
  | 'invalid_check_number'
  | 'card_device_incomplete'
  | 'po_number_required'
  | 'invalid_status_transition'
  | 'duplicate_id'
  | 'credit_below_zero'
  | 'void_at_terminal'
  /** The acting role may not make this change (src/domain/mutations/writable-fields.ts). */
  | 'not_permitted'
  /** The order already holds ORDER_LINE_CAP lines (src/domain/constants.ts). */
  | 'order_line_cap';

export function refuse(code: RefusalCode, message: string): Refusal {
  return { ok: false, code, message };
}
