import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CustomFieldDef } from '../../../src/domain/forms/custom-fields';
import {
  CUSTOMER_EDIT_CONFLICT,
  customerEditBase,
  mergeFields,
  type Fields,
} from '../../../src/domain/mutations/customer-merge';
import type { Address } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorResult } from '../../../src/domain/mutations/types';
import { ctx, customer, uuid } from './factories';

/** Customer edits merge by field (docs/decisions/sync.md "Customer edits merge by field"). */
const C = uuid(2);
const address = (n: number, over: Partial<Address> = {}): Address => ({
  address_id: uuid(900 + n),
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: '',
  address_1: `${n} Main St`,
  address_2: '',
  city: 'Denver',
  postcode: '80202',
  country_id: 223,
  zone_id: 3634,
  default: false,
  ...over,
});
const applied = (r: MutatorResult) => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r;
};

describe('customer.update with a base merges by field', () => {
  const seen = customer({ addresses: [address(1), address(2)] });
  const base = customerEditBase(seen as unknown as Fields);
  const edit = (over: Fields, b: Fields = base) => ({ customer_ref: C, ...base, ...over, base: b });
  const update = (current: typeof seen, args: Fields) =>
    applied(runMutation('customer.update', { customer: current }, args, ctx()));

  it('keeps a field another device changed when this edit left it alone, and applies the fields this edit changed', () => {
    const elsewhere = { ...seen, email: 'ada@shop.test', addresses: [address(1), address(2, { city: 'Boulder' })] };
    const r = update(
      elsewhere,
      edit({ telephone: '(555) 999-0000', addresses: [address(1, { postcode: '80203' }), address(2)] }),
    );
    expect(r.notice).toBeUndefined();
    expect(r.changes.customer).toMatchObject({
      email: 'ada@shop.test',
      telephone: '(555) 999-0000',
      addresses: [address(1, { postcode: '80203' }), address(2, { city: 'Boulder' })],
    });
  });

  it('the same field changed on both: the value already there is kept and the notice names the field and both values', () => {
    const elsewhere = { ...seen, email: 'ada@shop.test', newsletter: true };
    const r = update(elsewhere, edit({ email: 'ada@home.test', lastname: 'King' }));
    expect(r.changes.customer).toMatchObject({ email: 'ada@shop.test', lastname: 'King', newsletter: true });
    expect(r.notice).toEqual({
      code: CUSTOMER_EDIT_CONFLICT,
      message:
        'This customer was changed on another device first; kept: E-Mail "ada@shop.test" (yours: "ada@home.test").',
    });
  });

  it('both changed it to the same value: no conflict; values compare as the record stores them (trimmed)', () => {
    const elsewhere = { ...seen, email: 'ada@shop.test' };
    const r = update(elsewhere, edit({ email: ' ada@shop.test ', firstname: ' Ada ' }));
    expect(r.notice).toBeUndefined();
    expect(r.changes.customer).toMatchObject({ email: 'ada@shop.test', firstname: 'Ada' });
  });

  it('addresses merge per id: adds from both sides, a removal, and an edit of a removed address is a conflict', () => {
    // Elsewhere: address 2 removed, address 3 added. Here: address 1 removed, address 2 edited, 4 added.
    const elsewhere = { ...seen, addresses: [address(1), address(3)] };
    const r = update(elsewhere, edit({ addresses: [address(2, { city: 'Golden' }), address(4)] }));
    // The mutator stores every address with its custom field answers ({} when none).
    expect(r.changes.customer!.addresses).toEqual([address(3), address(4)].map((a) => ({ ...a, custom_field: {} })));
    expect(r.notice?.message).toBe(
      'This customer was changed on another device first; kept: Address removed (yours: "2 Main St, Golden").',
    );
  });

  it('without a base (older clients, the server calls) every field sent is written, as before', () => {
    const elsewhere = { ...seen, email: 'ada@shop.test' };
    const { base: _b, ...args } = edit({ lastname: 'King' });
    const r = update(elsewhere, args);
    expect(r.changes.customer).toMatchObject({ email: 'ada@example.com', lastname: 'King' });
    expect(r.notice).toBeUndefined();
  });

  it('a record pulled before custom fields existed (no account_custom_field) still merges them per key', () => {
    // Migration 0026-f added the column with a default, which moved no row's version: a device that
    // pulled the customer before it holds the record without the field, so the form's base has none.
    const old = customer({ addresses: [] });
    expect('account_custom_field' in old).toBe(false);
    const oldBase = customerEditBase(old as unknown as Fields);
    const elsewhere = { ...old, account_custom_field: { 1: 'Fleet 9' } };
    const text = (id: number): CustomFieldDef => ({
      custom_field_id: id,
      name: `Field ${id}`,
      type: 'text',
      location: 'account',
      required: false,
      sort_order: id,
      values: [],
    });
    const withFields = ctx({ customFields: [text(1), text(2)] });
    const update = (current: typeof old, args: Fields) =>
      applied(runMutation('customer.update', { customer: current }, args, withFields));
    const r = update(elsewhere, {
      customer_ref: C,
      ...oldBase,
      telephone: '(555) 999-0000',
      account_custom_field: {},
      base: oldBase,
    });
    expect(r.notice).toBeUndefined();
    expect(r.changes.customer).toMatchObject({ telephone: '(555) 999-0000', account_custom_field: { 1: 'Fleet 9' } });
    // An answer this edit gives is applied; an older build's base without the field merges alike.
    const { account_custom_field: _none, ...legacyBase } = oldBase;
    const mine = update(elsewhere, {
      customer_ref: C,
      ...oldBase,
      account_custom_field: { 2: 'Dock B' },
      base: legacyBase,
    });
    expect(mine.notice).toBeUndefined();
    expect(mine.changes.customer!.account_custom_field).toEqual({ 1: 'Fleet 9', 2: 'Dock B' });
  });

  it('object-valued fields (custom fields) merge per key', () => {
    const b = { account_custom_field: { 1: 'red', 2: 'small' } };
    const r = mergeFields(
      b,
      { account_custom_field: { 1: 'blue', 2: 'small', 4: 'new' } },
      {
        account_custom_field: { 1: 'red', 2: 'large', 3: 'theirs' },
      },
    );
    expect(r.fields.account_custom_field).toEqual({ 1: 'blue', 2: 'large', 3: 'theirs', 4: 'new' });
    expect(r.conflicts).toEqual([]);
    const clash = mergeFields(
      b,
      { account_custom_field: { 1: 'blue', 2: 'small' } },
      { account_custom_field: { 1: 'green', 2: 'small' } },
    );
    expect(clash.fields.account_custom_field).toEqual({ 1: 'green', 2: 'small' });
    expect(clash.conflicts).toEqual([{ field: 'account_custom_field', entry: '1', kept: 'green', mine: 'blue' }]);
  });
});

/** Properties over a small model: scalar fields, addresses by id, a custom field object. */
describe('mergeFields properties', () => {
  const SCALARS = ['firstname', 'email', 'telephone', 'newsletter'] as const;
  const IDS = ['a1', 'a2', 'a3', 'a4'];
  const KEYS = ['k1', 'k2', 'k3'];
  const value = fc.constantFrom('x', 'y', 'z', '');
  const record = fc.record({
    firstname: value,
    email: value,
    telephone: value,
    newsletter: fc.boolean(),
    addresses: fc.subarray(IDS).map((ids) => ids.map((id) => ({ address_id: id, city: 'c0' }))),
    account_custom_field: fc.dictionary(fc.constantFrom(...KEYS), value),
  });
  type Rec = Record<string, unknown> & { addresses: { address_id: string; city: string }[] };
  /** A change of one unit: a scalar field, an address (edit, remove or add) or a custom field key. */
  const unit = fc.constantFrom(...SCALARS, ...IDS.map((i) => `addr:${i}`), ...KEYS.map((k) => `cf:${k}`));
  const changeValue = fc.constantFrom('p', 'q', 'gone');

  function edited(base: Rec, changes: [string, string][]): Rec {
    const out: Rec = {
      ...base,
      addresses: [...base.addresses],
      account_custom_field: { ...(base.account_custom_field as object) },
    };
    for (const [u, v] of changes) {
      if (u.startsWith('addr:')) {
        const id = u.slice(5);
        out.addresses = out.addresses.filter((a) => a.address_id !== id);
        if (v !== 'gone') out.addresses.push({ address_id: id, city: v });
      } else if (u.startsWith('cf:')) {
        const cf = out.account_custom_field as Record<string, string>;
        if (v === 'gone') delete cf[u.slice(3)];
        else cf[u.slice(3)] = v;
      } else out[u] = u === 'newsletter' ? v === 'p' : v;
    }
    return out;
  }
  const apply = (current: Rec, base: Rec, mine: Rec): Rec => ({
    ...current,
    ...mergeFields(base, mine, current).fields,
  });
  /** The server numbers addresses in arrival order: compared by id, not position. */
  const norm = (r: Rec) => ({
    ...r,
    addresses: [...r.addresses].sort((a, b) => a.address_id.localeCompare(b.address_id)),
  });
  const unitValue = (r: Rec, u: string) =>
    u.startsWith('addr:')
      ? r.addresses.find((a) => a.address_id === u.slice(5))
      : u.startsWith('cf:')
        ? (r.account_custom_field as Record<string, string>)[u.slice(3)]
        : r[u];

  /** Two edits of one base whose changed units are disjoint. */
  const disjoint = record.chain((base) =>
    fc.uniqueArray(fc.tuple(unit, changeValue, fc.boolean()), { selector: ([u]) => u, maxLength: 8 }).map((cs) => ({
      base: base,
      a: edited(
        base as Rec,
        cs.filter(([, , side]) => side).map(([u, v]) => [u, v]),
      ),
      b: edited(
        base as Rec,
        cs.filter(([, , side]) => !side).map(([u, v]) => [u, v]),
      ),
      aUnits: cs.filter(([, , side]) => side).map(([u]) => u),
      bUnits: cs.filter(([, , side]) => !side).map(([u]) => u),
    })),
  );

  it('commutes for disjoint changes, reports no conflict, and loses no change made by only one side', () => {
    fc.assert(
      fc.property(disjoint, ({ base, a, b, aUnits, bUnits }) => {
        const ab = apply(apply(base, base, a), base, b);
        const ba = apply(apply(base, base, b), base, a);
        expect(norm(ab)).toEqual(norm(ba));
        expect(mergeFields(base, b, apply(base, base, a)).conflicts).toEqual([]);
        for (const u of aUnits) expect(unitValue(ab, u)).toEqual(unitValue(a, u));
        for (const u of bUnits) expect(unitValue(ab, u)).toEqual(unitValue(b, u));
      }),
      { numRuns: 300 },
    );
  });

  it('never loses a change only one side made, whatever the other changed (conflicts or not)', () => {
    const twoEdits = record.chain((base) =>
      fc
        .tuple(
          fc.array(fc.tuple(unit, changeValue), { maxLength: 6 }),
          fc.array(fc.tuple(unit, changeValue), { maxLength: 6 }),
        )
        .map(([ca, cb]) => ({ base: base, a: edited(base as Rec, ca), b: edited(base as Rec, cb) })),
    );
    const units = [...SCALARS, ...IDS.map((i) => `addr:${i}`), ...KEYS.map((k) => `cf:${k}`)];
    fc.assert(
      fc.property(twoEdits, ({ base, a, b }) => {
        for (const [first, second] of [
          [a, b],
          [b, a],
        ] as const) {
          const result = apply(apply(base, base, first), base, second);
          for (const u of units) {
            const [v0, v1, v2] = [unitValue(base, u), unitValue(first, u), unitValue(second, u)];
            const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
            if (!same(v1, v0) && same(v2, v0)) expect(unitValue(result, u)).toEqual(v1);
            if (same(v1, v0) && !same(v2, v0)) expect(unitValue(result, u)).toEqual(v2);
            // Both changed it: the first to arrive is kept.
            if (!same(v1, v0) && !same(v2, v0)) expect(unitValue(result, u)).toEqual(v1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent: replaying an edit on its own result changes nothing', () => {
    fc.assert(
      fc.property(disjoint, record, ({ base, a }, current) => {
        const once = apply(current, base, a);
        expect(apply(once, base, a)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});
