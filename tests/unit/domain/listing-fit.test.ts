import { describe, expect, it } from 'vitest';
import type { Facets } from '../../../src/domain/fitment-facets';
import { listingCountLine, partsCount } from '../../../src/domain/listing-fit';
import { narrowsListing } from '../../../src/domain/listing-narrowing';
import {
  cardStockText,
  DEFAULT_OOS_TEXT,
  lineStopsCheckout,
  outOfStockText,
  stockStatus,
} from '../../../src/domain/inventory';
import { stopsCheckout } from '../../../src/storefront/cart/cart-texts';

const facet = (api_field: string, id: string, label: string) => ({
  api_field,
  api_value: id,
  label_field: api_field,
  label_value: label,
});
const ymm: Facets = {
  Year: facet('Year', '2018', '2018'),
  MakeID: facet('MakeID', '54', 'Ford'),
  ModelID: facet('ModelID', '666', 'F-150'),
};
const yearOnly: Facets = { Year: ymm.Year };

describe('Shop by Vehicle: which listings are narrowed', () => {
  it('narrows by default for a whole vehicle, never without one, and not with fits=0', () => {
    expect(narrowsListing(undefined, ymm)).toBe(true);
    expect(narrowsListing('0', ymm)).toBe(false);
    expect(narrowsListing('1', ymm)).toBe(true);
    expect(narrowsListing(undefined, null)).toBe(false);
    expect(narrowsListing('1', null)).toBe(false);
  });

  it('a year alone narrows only when asked (a tile link)', () => {
    expect(narrowsListing(undefined, yearOnly)).toBe(false);
    expect(narrowsListing('true', yearOnly)).toBe(true);
  });
});

describe('Shop by Vehicle: the count line', () => {
  it('counts parts with the right plural and en-US grouping', () => {
    expect(partsCount(0)).toBe('0 parts');
    expect(partsCount(1)).toBe('1 part');
    expect(partsCount(4952)).toBe('4,952 parts');
  });

  it('narrowed: how many fit, and a toggle to show them all', () => {
    expect(
      listingCountLine({
        total_items: 312,
        fits_vehicle: '2018 Ford F-150',
        vehicle: '2018 Ford F-150',
        all_items: 4952,
      }),
    ).toEqual({
      text: '312 parts fit your 2018 Ford F-150',
      toggle: { text: 'Show all 4,952 parts', narrow: false },
    });
    expect(listingCountLine({ total_items: 1, fits_vehicle: 'X Y Z', all_items: 1 }).text).toBe(
      '1 part fits your X Y Z',
    );
  });

  it('showing all with a vehicle: a toggle back to the parts that fit', () => {
    expect(
      listingCountLine({ total_items: 4952, fits_vehicle: null, vehicle: '2018 Ford F-150', fitting_items: 312 }),
    ).toEqual({
      text: '4,952 parts',
      toggle: { text: 'Show only the 312 parts that fit your 2018 Ford F-150', narrow: true },
    });
    expect(listingCountLine({ total_items: 9, vehicle: 'V', fitting_items: 1 }).toggle?.text).toBe(
      'Show only the 1 part that fits your V',
    );
  });

  it('no vehicle: the count alone, never "1 products"', () => {
    expect(listingCountLine({ total_items: 1 })).toEqual({ text: '1 part', toggle: null });
    expect(listingCountLine({ total_items: 24, fits_vehicle: null, vehicle: null })).toEqual({
      text: '24 parts',
      toggle: null,
    });
  });
});

describe('stock on cards and in the cart', () => {
  const own = 'This part ships from our distributor in 3-5 business days when not on our shelf.';
  it("a card says '{n} in Stock', the product's own out-of-stock text, or 'Out of Stock'", () => {
    expect([stockStatus(3, null), cardStockText(3, own)]).toEqual(['in_stock', '3 in Stock']);
    expect([stockStatus(0, own), cardStockText(0, `  ${own} `)]).toEqual(['distributor', own]);
    expect([stockStatus(-2, null), cardStockText(-2, null)]).toEqual(['out_of_stock', 'Out of Stock']);
    expect([stockStatus(0, '  '), cardStockText(0, '  ')]).toEqual(['out_of_stock', 'Out of Stock']);
  });

  it("with the shopper's store, a card says what the product page's store line says", () => {
    const at = 'Partsdesk Auto Parts - Austin';
    expect(cardStockText(3, own, at)).toBe(`3 in Stock at ${at}`);
    expect(cardStockText(0, null, at)).toBe(`Out of Stock at ${at}`);
    expect(cardStockText(-1, '  ', at)).toBe(`Out of Stock at ${at}`);
    expect(cardStockText(0, own, at)).toBe(own);
  });

  it('only a short line showing the default text stops checkout', () => {
    expect(lineStopsCheckout(2, 1, null)).toBe(true);
    expect(lineStopsCheckout(2, 1, own)).toBe(false);
    expect(lineStopsCheckout(1, 1, null)).toBe(false);
  });

  it('the cart page marks the same lines the server counts (it sees the default text for "none")', () => {
    const line = (short: boolean, oos: string | null) => ({ show_stock_warning: short, oos_text: outOfStockText(oos) });
    expect(stopsCheckout(line(true, null))).toBe(true);
    expect(stopsCheckout(line(true, own))).toBe(false);
    expect(stopsCheckout(line(false, null))).toBe(false);
    expect(outOfStockText(null)).toBe(DEFAULT_OOS_TEXT);
  });
});
