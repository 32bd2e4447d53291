/**
 * Customers and their garage. Staff create and edit any customer; a shopper may edit themself and
 * their own vehicles ('owner'), never create customers. Passwords in customer.create args are not
 * stored by the mutator; hashing them after commit is not implemented yet (docs/decisions.md ("Sync protocol")).
 */
import { domainApplier } from './domain-applier';
import type { ApplierMap } from './types';

export const customerAppliers: ApplierMap = {
  'customer.create': domainApplier('customer.create', 'staff'),
  'customer.update': domainApplier('customer.update', 'owner'),
  'vehicle.create': domainApplier('vehicle.create', 'owner'),
  'vehicle.update': domainApplier('vehicle.update', 'owner'),
  'vehicle.delete': domainApplier('vehicle.delete', 'owner'),
};
