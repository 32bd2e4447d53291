/**
 * A smart terminal in software, for demos, development and tests (TERMINAL=simulator, the
 * default). It behaves like the real thing as the server sees it: the charge is accepted, the
 * customer "chooses the payment method" for `latencyMs`, then the terminal answers by rule of the
 * amount charged (cents and size), so a cashier can provoke every outcome from the POS:
 *
 * | amount             | outcome                                                                 |
 * |--------------------|-------------------------------------------------------------------------|
 * | >= 10,000.00       | declined "Exceeds limit"                                                |
 * | ends in .13        | declined "Card declined"                                                |
 * | ends in .99        | no answer at all; `status` then reports timed_out (nothing is charged)  |
 * | ends in .98        | approved, but the answer is lost: only `status` reveals the approval     |
 * | ends in .77        | approved, and the approval event is delivered twice                     |
 * | anything else      | approved (credit: Visa/Mastercard/Amex/Discover; debit: "<brand> Debit") |
 *
 * Refunds of a charge it approved: a Void within 24 hours (the batch is open), a Return after;
 * partial refunds add up to at most the charge.
 * Brand, last 4 and auth code derive from the attempt id, so a test can predict nothing about
 * them but their shape. State lives in memory: after a restart `status` answers `unknown`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { decimal } from '../../../src/domain/money';
import type {
  ApprovedCard,
  ChargeRequest,
  RefundRequest,
  RefundResult,
  Terminal,
  TerminalEvent,
  TerminalStatus,
} from './types';

export const SIMULATOR_DEPARTMENTS = [
  { id: 'retail', name: 'Retail Counter' },
  { id: 'service', name: 'Service Bay' },
];
export const SIMULATOR_DEVICES = [
  { id: 'sim-counter-1', name: 'Counter terminal 1', departmentId: 'retail' },
  { id: 'sim-counter-2', name: 'Counter terminal 2', departmentId: 'retail' },
  { id: 'sim-bay-1', name: 'Service bay terminal', departmentId: 'service' },
];

const DAY_MS = 24 * 3_600_000;
const CREDIT_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover'];

type SimState = 'choosing' | 'approved' | 'declined' | 'cancelled' | 'hung' | 'timed_out';

interface SimAttempt {
  state: SimState;
  amount: string;
  card: ApprovedCard | null;
  message: string;
  approvedAt: Date | null;
  timer: NodeJS.Timeout | null;
}

export interface SimulatorOptions {
  latencyMs: number;
  now?: () => Date;
}

function cardFor(attemptId: string, cardType: 'credit' | 'debit'): ApprovedCard {
  const h = createHash('sha256').update(attemptId).digest();
  const brand = CREDIT_BRANDS[h[0]! % CREDIT_BRANDS.length]!;
  const last4 = String(h.readUInt16BE(1) % 10_000).padStart(4, '0');
  const authCode = h.subarray(3, 6).toString('hex').toUpperCase();
  return {
    brand: cardType === 'debit' ? `${brand} Debit` : brand,
    last4,
    authCode,
    terminalRef: `SIM-${h.subarray(6, 12).toString('hex').toUpperCase()}`,
  };
}

export class SimulatedTerminal implements Terminal {
  readonly name = 'simulator';
  private readonly attempts = new Map<string, SimAttempt>();
  private readonly charges = new Map<string, { amount: string; approvedAt: Date; refunded: string }>();
  private readonly listeners = new Map<string, Set<(e: TerminalEvent) => void>>();
  private readonly now: () => Date;

  constructor(private readonly opts: SimulatorOptions) {
    this.now = opts.now ?? (() => new Date());
  }

  departments() {
    return Promise.resolve(SIMULATOR_DEPARTMENTS.map((d) => ({ ...d })));
  }

  devices() {
    return Promise.resolve(SIMULATOR_DEVICES.map((d) => ({ ...d })));
  }

  charge(req: ChargeRequest): Promise<void> {
    if (!SIMULATOR_DEVICES.some((d) => d.id === req.deviceId))
      return Promise.reject(new Error(`unknown device ${req.deviceId}`));
    const existing = this.attempts.get(req.attemptId);
    if (existing) return Promise.resolve(); // the same attempt again: a real terminal dedupes by id
    const a: SimAttempt = {
      state: 'choosing',
      amount: req.amount,
      card: null,
      message: '',
      approvedAt: null,
      timer: null,
    };
    this.attempts.set(req.attemptId, a);
    this.emit(req.attemptId, { type: 'choosing' });
    a.timer = setTimeout(() => this.answer(req, a), this.opts.latencyMs);
    return Promise.resolve();
  }

  private answer(req: ChargeRequest, a: SimAttempt): void {
    a.timer = null;
    if (a.state !== 'choosing') return;
    const amount = decimal(req.amount);
    const cents = amount.toFixed(2).slice(-2);
    if (amount.gte(10_000)) return this.decline(req.attemptId, a, 'Exceeds limit');
    if (cents === '13') return this.decline(req.attemptId, a, 'Card declined');
    if (cents === '99') {
      a.state = 'hung';
      return;
    }
    a.state = 'approved';
    a.card = cardFor(req.attemptId, req.cardType);
    a.approvedAt = this.now();
    this.charges.set(a.card.terminalRef, { amount: req.amount, approvedAt: a.approvedAt, refunded: '0.00' });
    if (cents === '98') return; // approved, answer lost
    const event: TerminalEvent = { type: 'approved', card: a.card };
    this.emit(req.attemptId, event);
    if (cents === '77') this.emit(req.attemptId, event);
  }

  private decline(attemptId: string, a: SimAttempt, message: string): void {
    a.state = 'declined';
    a.message = message;
    this.emit(attemptId, { type: 'declined', message });
  }

  refund(req: RefundRequest): Promise<RefundResult> {
    return new Promise((resolve) => {
      setTimeout(() => {
        const original = this.charges.get(req.originalRef);
        if (!original) {
          // Not charged by this process (a restart): the processor still knows it; treat as settled.
          resolve(
            req.originalRef.startsWith('SIM-')
              ? { ok: true, kind: 'Return', terminalRef: `SIM-R-${randomUUID().slice(0, 8).toUpperCase()}` }
              : { ok: false, message: 'Unknown transaction reference' },
          );
          return;
        }
        // Partial refunds (a return of some lines) add up; never past what was charged.
        const before = decimal(original.refunded);
        if (before.gte(decimal(original.amount)))
          return resolve({ ok: false, message: 'This charge was already refunded' });
        if (before.plus(decimal(req.amount)).gt(decimal(original.amount)))
          return resolve({ ok: false, message: 'Refund exceeds the original charge' });
        original.refunded = before.plus(decimal(req.amount)).toFixed(2);
        resolve({
          ok: true,
          kind: this.reversalKind(original.approvedAt, this.now()),
          terminalRef: `SIM-R-${randomUUID().slice(0, 8).toUpperCase()}`,
        });
      }, this.opts.latencyMs);
    });
  }

  status(attemptId: string): Promise<TerminalStatus> {
    const a = this.attempts.get(attemptId);
    if (!a) return Promise.resolve({ status: 'unknown' });
    if (a.state === 'hung') a.state = 'timed_out'; // asked after the server's timeout: the terminal gives up
    return Promise.resolve(this.statusOf(a));
  }

  private statusOf(a: SimAttempt): TerminalStatus {
    switch (a.state) {
      case 'choosing':
      case 'hung':
        return { status: 'pending' };
      case 'approved':
        return { status: 'approved', card: a.card as ApprovedCard };
      case 'declined':
        return { status: 'declined', message: a.message };
      case 'cancelled':
        return { status: 'cancelled' };
      case 'timed_out':
        return { status: 'timed_out' };
    }
  }

  cancel(attemptId: string): Promise<{ cancelled: boolean; status: TerminalStatus }> {
    const a = this.attempts.get(attemptId);
    if (!a) return Promise.resolve({ cancelled: false, status: { status: 'unknown' } });
    if (a.state !== 'choosing' && a.state !== 'hung')
      return Promise.resolve({ cancelled: false, status: this.statusOf(a) });
    if (a.timer) clearTimeout(a.timer);
    a.timer = null;
    a.state = 'cancelled';
    this.emit(attemptId, { type: 'cancelled' });
    return Promise.resolve({ cancelled: true, status: { status: 'cancelled' } });
  }

  subscribe(attemptId: string, listener: (e: TerminalEvent) => void): () => void {
    let set = this.listeners.get(attemptId);
    if (!set) this.listeners.set(attemptId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(attemptId);
    };
  }

  reversalKind(approvedAt: Date, now: Date): 'Void' | 'Return' {
    return now.getTime() - approvedAt.getTime() < DAY_MS ? 'Void' : 'Return';
  }

  /** Tests: deliver an event as if the terminal had sent it (e.g. a late or repeated approval). */
  inject(attemptId: string, event: TerminalEvent): void {
    this.emit(attemptId, event);
  }

  close(): void {
    for (const a of this.attempts.values()) if (a.timer) clearTimeout(a.timer);
    this.listeners.clear();
  }

  private emit(attemptId: string, event: TerminalEvent): void {
    for (const l of [...(this.listeners.get(attemptId) ?? [])]) l(event);
  }
}
