/**
 * Product options on a sale line (src/domain/product-options.ts): the choice is priced from the
 * catalog's values, required options and unknown choices are refused with the product page's
 * words, and a line's options give back the choice the server prices again.
 */
import { describe, expect, it } from 'vitest';
import { mergeTarget } from '../../../src/domain/mutations/cart';
import type { OrderLine } from '../../../src/domain/mutations/records';
import {
  choiceOfLineOptions,
  OPTION_INVALID,
  resolveOptions,
  valuesOf,
  type OptionDef,
  type OptionValueDef,
} from '../../../src/domain/product-options';

const defs: OptionDef[] = [
  { product_option_id: 20, name: 'Finish', type: 'radio', required: false, sort_order: 2 },
  { product_option_id: 10, name: 'Size', type: 'select', required: true, sort_order: 1 },
  { product_option_id: 30, name: 'Extras', type: 'checkbox', required: false, sort_order: 3 },
  { product_option_id: 40, name: 'Engraving', type: 'text', required: false, sort_order: 4 },
];
const values: OptionValueDef[] = [
  {
    product_option_value_id: 102,
    product_option_id: 10,
    name: '20x9',
    price: '50.00',
    price_prefix: '+',
    sort_order: 2,
  },
  {
    product_option_value_id: 101,
    product_option_id: 10,
    name: '17x8.5',
    price: '0.00',
    price_prefix: '+',
    sort_order: 1,
  },
  {
    product_option_value_id: 201,
    product_option_id: 20,
    name: 'Matte',
    price: '12.50',
    price_prefix: '-',
    sort_order: 1,
  },
  {
    product_option_value_id: 301,
    product_option_id: 30,
    name: 'Locks',
    price: '19.99',
    price_prefix: '+',
    sort_order: 1,
  },
  {
    product_option_value_id: 302,
    product_option_id: 30,
    name: 'Caps',
    price: '5.00',
    price_prefix: '+',
    sort_order: 2,
  },
];

describe('resolveOptions', () => {
  it('prices every chosen value from the catalog, in the option order, with the ids the server prices again', () => {
    const r = resolveOptions(defs, values, { 20: '201', 10: 102, 30: ['302', '301'], 40: ' JD ' });
    expect(r).toEqual({
      ok: true,
      options: [
        { name: 'Size', value: '20x9', price: '50.00', product_option_id: 10, product_option_value_id: 102 },
        { name: 'Finish', value: 'Matte', price: '-12.50', product_option_id: 20, product_option_value_id: 201 },
        { name: 'Extras', value: 'Caps', price: '5.00', product_option_id: 30, product_option_value_id: 302 },
        { name: 'Extras', value: 'Locks', price: '19.99', product_option_id: 30, product_option_value_id: 301 },
        { name: 'Engraving', value: 'JD', price: '0.00', product_option_id: 40, product_option_value_id: null },
      ],
    });
  });

  it('refuses a missing required option with "{Option} required!" and leaves optional ones out', () => {
    expect(resolveOptions(defs, values, { 20: '201' })).toEqual({
      ok: false,
      field: 'option.10',
      message: 'Size required!',
    });
    expect(resolveOptions(defs, values, { 10: '101', 20: '', 30: [] })).toMatchObject({
      ok: true,
      options: [{ name: 'Size', value: '17x8.5', price: '0.00' }],
    });
  });

  it('refuses a value of another option, an unknown option, and two values for a select', () => {
    const invalid = (field: string) => ({ ok: false, field, message: OPTION_INVALID });
    expect(resolveOptions(defs, values, { 10: '201' })).toEqual(invalid('option.10'));
    expect(resolveOptions(defs, values, { 10: '101', 99: '1' })).toEqual(invalid('option.99'));
    expect(resolveOptions(defs, values, { 10: ['101', '102'] })).toEqual(invalid('option.10'));
  });

  it('gives the choice back from a line (what a push carries), and nothing the server could price from a line without ids', () => {
    const r = resolveOptions(defs, values, { 10: '102', 30: ['301', '302'], 40: 'JD' });
    if (!r.ok) throw new Error(r.message);
    const choice = choiceOfLineOptions(r.options);
    expect(choice).toEqual({ 10: ['102'], 30: ['301', '302'], 40: ['JD'] });
    expect(resolveOptions(defs, values, choice!)).toEqual(r);
    expect(choiceOfLineOptions([{ name: 'Size', value: '20x9', price: '-500.00' }])).toBeNull();
    expect(choiceOfLineOptions([])).toEqual({});
  });

  it('lists an option\u2019s values in display order', () => {
    expect(valuesOf(values, 10).map((v) => v.name)).toEqual(['17x8.5', '20x9']);
  });
});

describe('mergeTarget', () => {
  const line = (
    id: string,
    options: { name: string; value: string; price: string }[],
    price_override: string | null = null,
  ): OrderLine => ({
    kind: 'product',
    id,
    name: 'Wheel',
    quantity: 1,
    po_number: null,
    product_id: 7,
    model: 'W',
    mpn: 'W',
    aaia: 'X',
    price: '100.00',
    options,
    price_override,
    surcharge: '0.00',
    tax_class_id: null,
    minimum: 1,
  });
  it('is the line of the same product and options without a staff price', () => {
    const big = [{ name: 'Size', value: '20x9', price: '50.00' }];
    const lines = [line('a', big, '10.00'), line('b', []), line('c', big)];
    expect(mergeTarget(lines, 7, big)?.id).toBe('c');
    expect(mergeTarget(lines, 7, [])?.id).toBe('b');
    expect(mergeTarget(lines, 8, [])).toBeUndefined();
  });
});
