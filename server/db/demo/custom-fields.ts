/**
 * Demo custom fields (docs/decisions/pos.md "Customer form"): one of each of the spec's eight types
 * (pos-back-office.md §3), on the customer account and on addresses. None is required: a demo shop's
 * other flows (New Customer at the counter, a shopper's sign-up, the tests that create customers)
 * would otherwise need answers; the required flag is the shop's to set.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

interface DemoField {
  name: string;
  type: string;
  location: 'account' | 'address';
  values?: string[];
}

const FIELDS: readonly DemoField[] = [
  { name: 'Preferred Contact', type: 'select', location: 'account', values: ['Phone', 'E-Mail', 'Text message'] },
  { name: 'Customer Type', type: 'radio', location: 'account', values: ['Retail', 'Fleet', 'Shop'] },
  { name: 'Interests', type: 'checkbox', location: 'account', values: ['Performance', 'Off-road', 'Classic cars'] },
  { name: 'Referred By', type: 'text', location: 'account' },
  { name: 'Shop Notes', type: 'textarea', location: 'account' },
  { name: 'Birthday', type: 'date', location: 'account' },
  { name: 'Best Time to Call', type: 'time', location: 'account' },
  { name: 'Next Service Reminder', type: 'datetime', location: 'account' },
  { name: 'Delivery Instructions', type: 'text', location: 'address' },
  { name: 'Location Type', type: 'select', location: 'address', values: ['Home', 'Business', 'Garage'] },
];

export async function seedCustomFields(db: Kysely<DB>): Promise<number> {
  let order = 0;
  for (const f of FIELDS) {
    order += 1;
    const row = await db
      .insertInto('custom_fields')
      .values({ name: f.name, type: f.type, location: f.location, sort_order: order })
      .returning('custom_field_id')
      .executeTakeFirstOrThrow();
    if (f.values?.length)
      await db
        .insertInto('custom_field_values')
        .values(f.values.map((name, i) => ({ custom_field_id: row.custom_field_id, name, sort_order: i + 1 })))
        .execute();
  }
  return FIELDS.length;
}
