import { describe, expect, it } from 'vitest';
import { loginToViewPrice, priceView, settingFlag } from '../../../src/domain/price-visibility';

describe('price visibility (storefront.md §2 "Price display")', () => {
  it('withholds prices from callers not signed in when customer_price is on, and from pricing-off products', () => {
    expect(priceView({ loginToViewPrice: true, signedIn: false, disablePricing: false })).toEqual({
      hidden: true,
      loginRequired: true,
      text: 'Login Required To View Price',
    });
    expect(priceView({ loginToViewPrice: true, signedIn: true, disablePricing: false })).toEqual({
      hidden: false,
      loginRequired: false,
      text: '',
    });
    expect(priceView({ loginToViewPrice: false, signedIn: false, disablePricing: false }).hidden).toBe(false);
    expect(priceView({ loginToViewPrice: false, signedIn: true, disablePricing: true })).toEqual({
      hidden: true,
      loginRequired: false,
      text: 'Product Unavailable',
    });
    expect(
      priceView({ loginToViewPrice: false, signedIn: true, disablePricing: true, disablePricingNotice: 'Call us' })
        .text,
    ).toBe('Call us');
    // Login first: a guest is told to log in, not that the product is unavailable.
    expect(priceView({ loginToViewPrice: true, signedIn: false, disablePricing: true }).text).toBe(
      'Login Required To View Price',
    );
  });

  it('reads the customer_price switch as the settings table stores it', () => {
    expect(loginToViewPrice({})).toBe(false);
    for (const on of [true, 1, '1', 'true']) expect(loginToViewPrice({ customer_price: on })).toBe(true);
    for (const off of [false, 0, '0', 'false', 'yes']) expect(loginToViewPrice({ customer_price: off })).toBe(false);
    expect(settingFlag(null, true)).toBe(true);
  });
});
