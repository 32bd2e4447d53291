/**
 * The port to a smart card terminal (docs/architecture.md "Outside services (adapters)": outside
 * services behind interfaces, each with a built-in simulator). The server talks to it only AFTER
 * the payment attempt has been committed to `payment_attempts`, so every charge the terminal may
 * make has a row to reconcile.
 *
 * Contract every adapter keeps:
 * - `charge` only starts a payment: it resolves once the terminal has accepted the request (or
 *   rejects when it could not be reached). The outcome arrives as events for that attempt id:
 *   `choosing` (the customer is choosing how to pay), then at most one of `approved`, `declined`,
 *   `cancelled`. An event may be delivered more than once (receivers must be idempotent) and may
 *   never arrive (then ask `status`; never charge again for the same attempt).
 * - `status(attemptId)` is the terminal's own record of the attempt. `timed_out` means the
 *   terminal gave up and charged nothing; `unknown` means it has no record (nothing was charged).
 * - `cancel(attemptId)` stops an attempt the customer has not finished; when it is too late
 *   (already approved or declined) it says so with the final status instead.
 * - `refund` reverses an approved charge by its terminal reference: a void while the charge's
 *   batch is open, a return after it settled. It answers synchronously.
 * - Card numbers, CVV and track data never leave the terminal: only brand, last 4, auth code and
 *   the terminal's reference come back.
 */
import type { MoneyString } from '../../../src/domain/money';

export interface TerminalDepartment {
  id: string;
  name: string;
}

export interface TerminalDevice {
  id: string;
  name: string;
  departmentId: string;
}

export interface ChargeRequest {
  attemptId: string;
  /** What the card is charged (the payment plus any card surcharge and its tax). */
  amount: MoneyString;
  cardType: 'credit' | 'debit';
  deviceId: string;
  departmentId: string;
}

export interface RefundRequest {
  /** The refund's own attempt id (recorded before asking). */
  attemptId: string;
  /** The terminal reference of the approved charge. */
  originalRef: string;
  amount: MoneyString;
  deviceId: string;
}

export interface ApprovedCard {
  brand: string;
  last4: string;
  authCode: string;
  terminalRef: string;
}

export type TerminalEvent =
  | { type: 'choosing' }
  | { type: 'approved'; card: ApprovedCard }
  | { type: 'declined'; message: string }
  | { type: 'cancelled' };

export type TerminalStatus =
  | { status: 'pending' }
  | { status: 'approved'; card: ApprovedCard }
  | { status: 'declined'; message: string }
  | { status: 'cancelled' }
  | { status: 'timed_out' }
  | { status: 'unknown' };

export type RefundResult = { ok: true; kind: 'Void' | 'Return'; terminalRef: string } | { ok: false; message: string };

export interface Terminal {
  readonly name: string;
  departments(): Promise<TerminalDepartment[]>;
  devices(): Promise<TerminalDevice[]>;
  charge(req: ChargeRequest): Promise<void>;
  refund(req: RefundRequest): Promise<RefundResult>;
  status(attemptId: string): Promise<TerminalStatus>;
  cancel(attemptId: string): Promise<{ cancelled: boolean; status: TerminalStatus }>;
  /** Subscribe to one attempt's events; returns the unsubscribe function. */
  subscribe(attemptId: string, listener: (event: TerminalEvent) => void): () => void;
  /** What reversing a charge approved at `approvedAt` would be now: Void (batch open) or Return. */
  reversalKind(approvedAt: Date, now: Date): 'Void' | 'Return';
  /** Stop timers (server shutdown). */
  close(): void;
}
