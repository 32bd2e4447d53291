/**
 * customer.setTags on the server (docs/decisions/pos.md "Customer tags offline"): staff only (§6
 * "save tags" among the POS staff's rights; a shopper's push is refused at the door), the device's
 * push and POST /api/customer_tag/save alike. The shared applier locks the customer FOR UPDATE (two
 * saves of one customer apply one after the other); this extension reads the customer's tags and
 * which named tags exist (the mutator refuses an added one that does not), then writes the
 * difference.
 */
import type { MutatorState } from '../../../src/domain/mutations/types';
import { touchesOf } from '../../../src/contracts/sync-records';
import { existingTags, loadCustomerTags, saveCustomerTags } from '../records/customer-tags';
import { domainApplier, type ApplierExtension } from './domain-applier';
import type { ApplierMap } from './types';

const tagsExtension: ApplierExtension = {
  async load(state: MutatorState, args, ctx) {
    if (!state.customer) return;
    state.customerTags = await loadCustomerTags(ctx.trx, state.customer.id);
    state.knownTags = await existingTags(ctx.trx, touchesOf('customer.setTags', args).tagIds ?? []);
  },
  async write(state, changes, ctx) {
    const set = changes.customerTags;
    if (set) await saveCustomerTags(ctx.trx, set.customer_ref, state.customerTags ?? [], set.tag_ids);
    return null;
  },
};

export const customerTagAppliers: ApplierMap = {
  'customer.setTags': domainApplier('customer.setTags', 'staff', tagsExtension),
};
