/**
 * Tax rates by store (docs/decisions/domain.md "Tax rates by location"): the rates that apply at a
 * store (its state's by zone, its own by location), the default store's for an order without one,
 * and the order's store deciding the tax in the totals and in the mutators (both runtimes).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { Order } from '../../../src/domain/mutations/records';
import { cardSurchargeFor } from '../../../src/domain/payments';
import { taxClassesAt, taxRateOf } from '../../../src/domain/settings';
import { storeSettingsFrom, type SettingsSources } from '../../../src/domain/store-settings';
import { computeTotals } from '../../../src/domain/totals';
import { money } from '../../../src/domain/money';
import { NOW, order, product, uuid } from './factories';

const AUSTIN = 1;
const DENVER = 2;
const PHOENIX = 3;
const GOODS = 9;
const NONE = 10;

/** The demo shop's rows (server/db/demo/locations.ts): state rates by zone, local ones by store. */
const demo: SettingsSources = {
  settings: {},
  taxClasses: [
    { tax_class_id: GOODS, title: 'Taxable Goods' },
    { tax_class_id: NONE, title: 'Non-Taxable' },
  ],
  taxRates: [
    { tax_class_id: GOODS, rate: '6.2500', zone_code: 'TX', location_id: null },
    { tax_class_id: GOODS, rate: '1.0000', location_id: AUSTIN },
    { tax_class_id: GOODS, rate: '1.0000', location_id: AUSTIN },
    { tax_class_id: GOODS, rate: '2.9000', zone_code: 'CO' },
    { tax_class_id: GOODS, rate: '5.1500', location_id: DENVER },
    { tax_class_id: GOODS, rate: '1.0000', location_id: DENVER },
    { tax_class_id: GOODS, rate: '0.1000', location_id: DENVER },
    { tax_class_id: GOODS, rate: '5.6000', zone_code: 'AZ' },
    { tax_class_id: GOODS, rate: '0.7000', location_id: PHOENIX },
    { tax_class_id: GOODS, rate: '2.3000', location_id: PHOENIX },
    { tax_class_id: NONE, rate: '0.0000' },
  ],
  locations: [
    { location_id: DENVER, zone_code: 'CO', is_default: false },
    { location_id: AUSTIN, zone_code: 'TX', is_default: true },
    { location_id: PHOENIX, zone_code: 'AZ', is_default: false },
  ],
};
const s = storeSettingsFrom(demo);

describe('tax rates by store', () => {
  it('sums the state rate (by zone) and the local rates (by store) at each store', () => {
    expect(taxRateOf(s, GOODS, AUSTIN)).toBe('8.25');
    expect(taxRateOf(s, GOODS, DENVER)).toBe('9.15');
    expect(taxRateOf(s, GOODS, PHOENIX)).toBe('8.6');
    expect(taxRateOf(s, NONE, DENVER)).toBe('0');
    expect(taxRateOf(s, null, DENVER)).toBeNull();
    expect(taxRateOf(s, 99, DENVER)).toBeNull();
  });

  it('an order without a store, or at a store the settings do not know, is taxed at the default store', () => {
    expect(taxRateOf(s, GOODS)).toBe('8.25');
    expect(taxRateOf(s, GOODS, null)).toBe('8.25');
    expect(taxRateOf(s, GOODS, 77)).toBe('8.25');
    expect(s.taxClasses).toEqual(taxClassesAt(s, AUSTIN));
  });

  it('rates naming no store and no state apply everywhere, as before migration 0023', () => {
    const flat = storeSettingsFrom({ ...demo, taxRates: [{ tax_class_id: GOODS, rate: '8.25' }] });
    for (const at of [null, AUSTIN, DENVER, PHOENIX]) expect(taxRateOf(flat, GOODS, at)).toBe('8.25');
    // Without any store (a shop not set up yet): only the unscoped rates.
    expect(taxRateOf(storeSettingsFrom({ ...demo, locations: [] }), GOODS)).toBe('0');
  });

  it('a zone rate matches the store state whatever its case; a store of another state does not get it', () => {
    const src: SettingsSources = {
      ...demo,
      taxRates: [{ tax_class_id: GOODS, rate: '4', zone_code: 'co' }],
    };
    expect(taxRateOf(storeSettingsFrom(src), GOODS, DENVER)).toBe('4');
    expect(taxRateOf(storeSettingsFrom(src), GOODS, AUSTIN)).toBe('0');
  });

  it('the totals tax the lines at the order store rate', () => {
    const lines = [product({ price: '100.00', quantity: 1, tax_class_id: GOODS })];
    const at = (locationId: number | null) =>
      computeTotals({ lines, transactions: [], taxExempt: false, taxExemptNumber: null, locationId }, s);
    expect(at(DENVER).tax.toFixed(2)).toBe('9.15');
    expect(at(DENVER).orderTotal.toFixed(2)).toBe('109.15');
    expect(at(AUSTIN).tax.toFixed(2)).toBe('8.25');
    expect(at(PHOENIX).tax.toFixed(2)).toBe('8.60');
    expect(at(null).tax.toFixed(2)).toBe('8.25');
  });

  it('the card surcharge is taxed at the order store rate', () => {
    const cfg = { ...s, cardSurcharge: { percent: '3', applyToDebit: false, taxClassId: GOODS } };
    expect(cardSurchargeFor(money('100'), 'credit', cfg, false, DENVER).tax.toFixed(2)).toBe('0.27');
    expect(cardSurchargeFor(money('100'), 'credit', cfg, false, AUSTIN).tax.toFixed(2)).toBe('0.25');
  });

  it('property: at every store the tax is the exact base times the store rate, rounded once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cents: fc.integer({ min: 1, max: 500_000 }), q: fc.integer({ min: 1, max: 20 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom(AUSTIN, DENVER, PHOENIX, null),
        (items, loc) => {
          const lines = items.map((it, i) =>
            product({ id: uuid(i + 1), price: new Decimal(it.cents).div(100).toFixed(2), quantity: it.q }),
          );
          const t = computeTotals(
            { lines, transactions: [], taxExempt: false, taxExemptNumber: null, locationId: loc },
            s,
          );
          const base = items.reduce((sum, it) => sum.plus(new Decimal(it.cents).div(100).times(it.q)), new Decimal(0));
          const rate = new Decimal(taxRateOf(s, GOODS, loc)!);
          expect(t.tax.toFixed(2)).toBe(base.times(rate).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
        },
      ),
    );
  });
});

describe('the order store in the mutators', () => {
  const O = uuid(1);
  const cashier = { now: NOW, actor: { id: '3', role: 'cashier' }, settings: s };
  const okOrder = (r: ReturnType<typeof runMutation>): Order => {
    if (!r.ok || !r.changes.order) throw new Error(JSON.stringify(r));
    return r.changes.order;
  };

  it('order.create keeps the store it is rung up at; none means null', () => {
    expect(okOrder(runMutation('order.create', {}, { id: O, location_id: DENVER }, cashier)).location_id).toBe(DENVER);
    expect(okOrder(runMutation('order.create', {}, { id: O }, cashier)).location_id).toBeNull();
    expect(runMutation('order.create', {}, { id: O, location_id: 0 }, cashier)).toMatchObject({ code: 'invalid_args' });
  });

  it('a part added to a Denver sale is taxed at Denver rate; the same part at Austin at Austin rate', () => {
    const add = (o: Order) =>
      okOrder(
        runMutation(
          'cart.addProduct',
          { order: o },
          {
            order_ref: O,
            line_id: uuid(2),
            product_id: 42,
            quantity: 1,
            name: 'Alternator',
            model: 'ALT-1',
            mpn: 'ALT-1',
            aaia: '',
            price: '100.00',
            minimum: 1,
            tax_class_id: GOODS,
          },
          cashier,
        ),
      );
    expect(add(order({ location_id: DENVER })).totals).toMatchObject({ tax: '9.15', order_total: '109.15' });
    expect(add(order({ location_id: AUSTIN })).totals).toMatchObject({ tax: '8.25', order_total: '108.25' });
    // An order cached before the store was recorded (no field at all): the default store.
    const { location_id: _gone, ...legacy } = order();
    expect(add(legacy as Order).totals).toMatchObject({ tax: '8.25' });
  });
});
