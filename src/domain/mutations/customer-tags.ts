/**
 * customer.setTags: the tags of one customer (pos-back-office.md §3 "Tag", §7 "POST
 * /api/customer_tag/save"; docs/decisions/pos.md "Customer tags offline"). Run on the device
 * (optimistic, against the pulled tags) and by the server's applier, which the HTTP save runs too.
 * Every tag the save adds must exist (`state.knownTags`: those of the named ids the caller found);
 * the result is merged by tag with `base` (../customer-tags.ts).
 */
import { mergeTags, tagsAdded, UNKNOWN_TAG } from '../customer-tags';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { CUSTOMER_NOT_FOUND } from './guards';
import { applied, type Mutator } from './types';

export const setCustomerTags: Mutator<MutationArgs<'customer.setTags'>> = (state, args) => {
  const customer = state.customer;
  if (!customer || customer.id !== args.customer_ref) return refuse('not_found', CUSTOMER_NOT_FOUND);
  const known = new Set(state.knownTags ?? []);
  if (tagsAdded(args.tag_ids, args.base).some((t) => !known.has(t))) return refuse('invalid_args', UNKNOWN_TAG);
  const tag_ids = mergeTags(state.customerTags ?? [], args.tag_ids, args.base);
  return applied({ customerTags: { customer_ref: customer.id, tag_ids } });
};
