/**
 * Who a command runs as. Every change of sale data names its actor: the applier checks the role's
 * rights (server/auth/permissions.ts, src/domain/mutations/writable-fields.ts), the audit log
 * (./audit.ts) records it, and the mutator stamps it on what it writes.
 */
import type { SessionUser } from '../../src/contracts/session';
import { unauthorized } from '../errors';

export interface Actor {
  kind: 'staff' | 'customer';
  /** Staff user id, or the customer's uuid. */
  id: string;
  role: string;
}

/** The acting staff user of a request (the guard has already refused anyone else). */
export function staffActor(user: SessionUser | null): Actor {
  if (!user || user.kind !== 'staff') throw unauthorized();
  return { kind: 'staff', id: user.id, role: user.role };
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
