/**
 * Every mutation name the server can apply. A name missing here is answered 422
 * `unsupported_mutation` without advancing the client's sequence, so the mutation waits in the
 * device's queue for a server that knows it instead of being lost as "rejected".
 */
import { customerAppliers } from './customers';
import { domainApplier } from './domain-applier';
import { orderAppliers } from './orders';
import { paymentAppliers } from './payments';
import type { ApplierMap } from './types';

/** Order history: staff add entries (status, comment, who was notified) to any order. */
const historyAppliers: ApplierMap = { 'orderHistory.add': domainApplier('orderHistory.add', 'staff') };

export const defaultAppliers: ApplierMap = { ...orderAppliers, ...paymentAppliers, ...customerAppliers, ...historyAppliers };
