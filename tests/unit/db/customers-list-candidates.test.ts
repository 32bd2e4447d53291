import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CustomerRow } from '../../../src/contracts/sync-records';
import { buildCustomerIndex, searchCustomerIndex } from '../../../src/db/customers-list';
import { customerMatcher, customerSearchKeys } from '../../../src/db/queries';

/**
 * The list's search finds its candidates with indexOf over one string of every customer's keys
 * (src/db/customers-list.ts); whatever the customers and the text, it answers exactly what checking
 * every customer with customerMatcher answers.
 */
describe('customers list search candidates', () => {
  const piece = fc.constantFrom(
    'ann',
    'Smith',
    'o',
    '303',
    '555',
    '(303)',
    '0142',
    'x.y',
    '-',
    ' ',
    '@',
    'é',
    'Ann Smith',
  );
  const text = fc.array(piece, { maxLength: 4 }).map((p) => p.join(''));
  const customer = fc.record({ firstname: text, lastname: text, email: text, telephone: text });

  it('answers what a check of every customer answers', () => {
    fc.assert(
      fc.property(fc.array(customer, { maxLength: 25 }), text, (people, s) => {
        const rows = people.map(
          (p, i) =>
            ({
              id: `c${String(i).padStart(3, '0')}`,
              customer_id: i,
              created_at: '2026-11-01T00:00:00Z',
              ...p,
            }) as CustomerRow,
        );
        const index = buildCustomerIndex(rows, []);
        const match = customerMatcher(s);
        const expected = index.entries.filter((e) => !match || match(customerSearchKeys(e.row))).map((e) => e.row.id);
        const got = searchCustomerIndex(index, { s, page: 1, limit: 1000 });
        expect(got.customers.map((c) => c.id)).toEqual(expected);
        expect(got.total).toBe(expected.length);
      }),
      { numRuns: 400 },
    );
  });
});
