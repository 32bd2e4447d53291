/**
 * The shipping and fulfilment rules of online orders (src/domain/online-orders.ts;
 * docs/decisions/storefront.md "Online orders and fulfilment"): what a flat rate setting means,
 * what the shopper pays, which counter step is possible from which status, and whose online
 * orders a staff member works on (docs/decisions/pos.md "Online orders at the counter").
 */
import { describe, expect, it } from 'vitest';
import { money, ZERO } from '../../../src/domain/money';
import {
  flatShippingRate,
  nextOnlineStatus,
  ONLINE_STATUS,
  onlineActions,
  onlineOrderStore,
  shippingCharge,
  totalWithShipping,
  worksOnOnlineOrder,
} from '../../../src/domain/online-orders';
import { locatorStore } from '../../../src/storefront/checkout/fulfilment-fields';

describe('online orders: shipping', () => {
  it('reads the flat rate setting strictly; anything else means shipping is not offered', () => {
    expect(flatShippingRate('9.95')?.toFixed(2)).toBe('9.95');
    expect(flatShippingRate(' 12 ')?.toFixed(2)).toBe('12.00');
    expect(flatShippingRate(7.5)?.toFixed(2)).toBe('7.50');
    expect(flatShippingRate('0')?.toFixed(2)).toBe('0.00');
    for (const bad of [undefined, null, '', 'free', '-1', '9.999', '1e3', '1000', '$5', {}, NaN]) {
      expect(flatShippingRate(bad), JSON.stringify(bad) ?? typeof bad).toBeNull();
    }
    expect(flatShippingRate('999.99')?.toFixed(2)).toBe('999.99');
  });

  it('charges nothing for pickup and the flat rate for shipping; refuses shipping without a rate', () => {
    expect(shippingCharge('pickup', money('9.95')).eq(ZERO)).toBe(true);
    expect(shippingCharge('pickup', null).eq(ZERO)).toBe(true);
    expect(shippingCharge('shipping', money('9.95')).toFixed(2)).toBe('9.95');
    expect(() => shippingCharge('shipping', null)).toThrow();
  });

  it('adds the charge to the cart total exactly, from a displayed total too', () => {
    expect(totalWithShipping('$1,234.10', money('9.95')).toFixed(2)).toBe('1244.05');
    expect(totalWithShipping('0.10', money('0.20')).toFixed(2)).toBe('0.30');
    expect(totalWithShipping('$0.00', ZERO).toFixed(2)).toBe('0.00');
  });

  it("reads the locator's store cookie, numbers only", () => {
    expect(locatorStore('a=1; locator_pickup_location=3; b=2')).toBe('3');
    expect(locatorStore('locator_pickup_location=abc')).toBe('');
    expect(locatorStore('')).toBe('');
  });
});

describe('online orders: counter steps', () => {
  const { toPick, ready, shipped, complete } = ONLINE_STATUS;
  it('pickup: to pick -> ready -> complete, nothing else', () => {
    expect(nextOnlineStatus('pickup', toPick, 'ready')).toBe(ready);
    expect(nextOnlineStatus('pickup', ready, 'complete')).toBe(complete);
    expect(nextOnlineStatus('pickup', toPick, 'complete')).toBeNull();
    expect(nextOnlineStatus('pickup', ready, 'ready')).toBeNull();
    expect(nextOnlineStatus('pickup', toPick, 'ship')).toBeNull();
    expect(nextOnlineStatus('pickup', complete, 'ready')).toBeNull();
    expect(onlineActions('pickup', toPick)).toEqual(['ready']);
    expect(onlineActions('pickup', ready)).toEqual(['complete']);
    expect(onlineActions('pickup', complete)).toEqual([]);
  });

  it('shipping: to pick -> shipped, nothing else', () => {
    expect(nextOnlineStatus('shipping', toPick, 'ship')).toBe(shipped);
    expect(nextOnlineStatus('shipping', toPick, 'ready')).toBeNull();
    expect(nextOnlineStatus('shipping', shipped, 'ship')).toBeNull();
    expect(onlineActions('shipping', toPick)).toEqual(['ship']);
    expect(onlineActions('shipping', shipped)).toEqual([]);
  });
});

describe("online orders: the staff member's store", () => {
  const denver = 2;
  const phoenix = 3;
  it("staff with a store work on that store's online orders; admins and staff without one on any", () => {
    expect(onlineOrderStore({ role: 'cashier', locationId: denver })).toBe(denver);
    expect(onlineOrderStore({ role: 'installer', locationId: denver })).toBe(denver);
    expect(onlineOrderStore({ role: 'admin', locationId: denver })).toBeNull();
    expect(onlineOrderStore({ role: 'cashier', locationId: null })).toBeNull();
    expect(worksOnOnlineOrder({ role: 'cashier', locationId: denver }, denver)).toBe(true);
    expect(worksOnOnlineOrder({ role: 'cashier', locationId: denver }, phoenix)).toBe(false);
    expect(worksOnOnlineOrder({ role: 'admin', locationId: denver }, phoenix)).toBe(true);
    expect(worksOnOnlineOrder({ role: 'cashier', locationId: null }, phoenix)).toBe(true);
  });
});
