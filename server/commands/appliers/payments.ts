/**
 * Payments on an order: add (cash, check, store credit, ...), void one, void all. Staff only.
 * Card payments reach the server through the terminal flow, not the queue; a queued card
 * transaction is only the record of one the terminal already approved.
 */
import { domainApplier } from './domain-applier';
import type { ApplierMap } from './types';
import { voucherLedger } from './vouchers';

const names = ['transaction.add', 'transaction.void', 'transaction.voidAll'] as const;

/** Terminal card payments: recorded and voided only by the server's terminal flow (never pushed). */
const terminalNames = ['transaction.addTerminal', 'transaction.voidAtTerminal'] as const;

// voucherLedger: a voucher payment needs the voucher's balance (locked) and moves it.
export const paymentAppliers: ApplierMap = Object.fromEntries([
  ...names.map((n) => [n, domainApplier(n, 'staff', voucherLedger)] as const),
  ...terminalNames.map((n) => [n, domainApplier(n, 'server')] as const),
]);
