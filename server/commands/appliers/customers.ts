/**
 * Customers and their garage. Staff create and edit any customer; a shopper may edit themself and
 * their own vehicles ('owner'), never create customers.
 *
 * Passwords: the domain never puts one in a record (records reach devices). A password in
 * customer.create / customer.update args is hashed here with argon2 (as AccountService.register
 * does) and written to customers.password_hash in the same SQL transaction as the customer, so a
 * customer never exists with a password that was accepted but not stored. The plaintext is never
 * stored, logged or answered. An empty password keeps the current hash.
 */
import { hash } from '@node-rs/argon2';
import { maxChars, minChars } from '../../../src/domain/forms/messages';
import { refuse } from '../../../src/domain/refusal';
import { domainApplier } from './domain-applier';
import type { Applier, ApplierMap } from './types';

/** The customer form's password rule (4 to 20 characters), also for create, whose form hides the field. */
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 20;

const field = (args: unknown, key: string): string => {
  const v = typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : '';
};

/** `inner`, then the password of its args (if any) hashed onto the customer `idKey` names. */
function withPassword(inner: Applier, idKey: 'id' | 'customer_ref'): Applier {
  return {
    access: inner.access,
    async apply(args, ctx) {
      const password = field(args, 'password');
      if (password !== '' && password.length < PASSWORD_MIN) return refuse('invalid_args', minChars(PASSWORD_MIN));
      if (password.length > PASSWORD_MAX) return refuse('invalid_args', maxChars(PASSWORD_MAX));
      const result = await inner.apply(args, ctx);
      if (!result.ok || password === '') return result;
      // Hashed after the mutator accepted the change: a refused mutation costs no argon2 time.
      const passwordHash = await hash(password);
      await ctx.trx
        .updateTable('customers')
        .set({ password_hash: passwordHash })
        .where('id', '=', field(args, idKey))
        .execute();
      return result;
    },
  };
}

export const customerAppliers: ApplierMap = {
  'customer.create': withPassword(domainApplier('customer.create', 'staff'), 'id'),
  'customer.update': withPassword(domainApplier('customer.update', 'owner'), 'customer_ref'),
  'vehicle.create': domainApplier('vehicle.create', 'owner'),
  'vehicle.update': domainApplier('vehicle.update', 'owner'),
  'vehicle.delete': domainApplier('vehicle.delete', 'owner'),
  // Add Credit: staff only (pos-back-office.md §6 "add credits"); docs/decisions/payments.md.
  'credit.add': domainApplier('credit.add', 'staff'),
};
