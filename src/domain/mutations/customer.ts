/**
 * Customer create and edit, validated with the customer form and the store's require_* flags.
 * The password never enters a record: the server hashes it from the args in the same SQL
 * transaction (server/commands/appliers/customers.ts).
 */
import { customerFormSchema } from '../forms/customer';
import type { CustomFieldValues } from '../forms/custom-fields';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { parseOrRefuse } from './first-issue';
import {
  CUSTOMER_EDIT_CONFLICT,
  customerConflictMessage,
  mergeCustomerEdit,
  type Fields as MergedFields,
} from './customer-merge';
import { CUSTOMER_NOT_FOUND } from './guards';
import type { Customer } from './records';
import { applied, type Mutator, type MutatorContext } from './types';

type Fields = Omit<MutationArgs<'customer.create'>, 'id'>;

function validate(fields: Fields, ctx: MutatorContext, hasCustomerId: boolean) {
  const s = ctx.settings;
  const schema = customerFormSchema({
    requireEmail: s.requireEmail,
    requireTelephone: s.requireTelephone,
    requireAddress: s.requireAddress,
    hasCustomerId,
    customFields: s.customFields,
  });
  return parseOrRefuse(schema, fields);
}

/** What the form schema made of the answers: only the shop's fields, trimmed, empty ones left out. */
interface CheckedForm {
  tax_exempt_number: string;
  account_custom_field: CustomFieldValues;
  addresses: { custom_field: CustomFieldValues }[];
}

function toRecordFields(fields: Fields, form: CheckedForm) {
  return {
    firstname: fields.firstname.trim(),
    lastname: fields.lastname.trim(),
    email: fields.email.trim(),
    telephone: fields.telephone.trim(),
    texting_alerts: fields.texting_alerts,
    newsletter: fields.newsletter,
    status: fields.status,
    safe: fields.safe,
    customer_group_id: fields.customer_group_id,
    tax_exempt: fields.tax_exempt,
    tax_exempt_number: fields.tax_exempt ? form.tax_exempt_number : null,
    default_location_id: fields.default_location_id,
    addresses: fields.addresses.map((a, i) => ({ ...a, custom_field: form.addresses[i]?.custom_field ?? {} })),
    account_custom_field: form.account_custom_field,
  };
}

export const createCustomer: Mutator<MutationArgs<'customer.create'>> = (state, args, ctx) => {
  if (state.customer) return refuse('duplicate_id', 'This customer already exists.');
  const { id, ...fields } = args;
  const form = validate(fields, ctx, false);
  if (!form.ok) return form;
  const customer: Customer = {
    id,
    customer_id: null,
    ...toRecordFields(fields, form.value),
    store_credit: '0.00',
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  return applied({ customer });
};

export const updateCustomer: Mutator<MutationArgs<'customer.update'>> = (state, args, ctx) => {
  const current = state.customer;
  if (!current || current.id !== args.customer_ref) return refuse('not_found', CUSTOMER_NOT_FOUND);
  const { customer_ref: _ref, base, ...sent } = args;
  // With a base, the edit merges into the record by field (customer-merge.ts); without one (older
  // clients, the server's own calls) it writes every field it sends, as before.
  const merge = base ? mergeCustomerEdit(current as unknown as MergedFields, sent, base) : null;
  const fields = merge ? { ...sent, ...merge.fields } : sent;
  const form = validate(fields, ctx, true);
  if (!form.ok) return form;
  const done = applied({ customer: { ...current, ...toRecordFields(fields, form.value), updated_at: ctx.now } });
  if (!merge?.conflicts.length) return done;
  return { ...done, notice: { code: CUSTOMER_EDIT_CONFLICT, message: customerConflictMessage(merge.conflicts) } };
};
