import { describe, it, expect } from 'vitest';
import * as K from '../../../src/domain/constants';
import * as I from '../../../src/domain/inventory';

describe('constants', () => {
  it('search hits per page by width', () => {
    expect([1200, 1199, 1025, 1024, 833, 832, 641, 640].map(K.searchHitsPerPage)).toEqual([12, 10, 10, 8, 8, 6, 6, 4]);
    expect([K.partsHitsPerPage(1200), K.partsHitsPerPage(1199)]).toEqual([8, 5]);
    expect([K.partsColumnVisible(1439), K.partsColumnVisible(1438)]).toEqual([true, false]);
  });
  it('analytics position = index + 1 + 15 x (page - 1)', () => {
    expect(K.analyticsPosition(0, 1)).toBe(1);
    expect(K.analyticsPosition(4, 3)).toBe(35);
  });
  it('limits, timings and lists', () => {
    expect([
      K.TOAST_LIMIT,
      K.TOAST_AUTO_CLOSE_MS,
      K.PAYMENT_ERROR_TOAST_MS,
      K.QUANTITY_DEBOUNCE_MS,
      K.SEARCH_AUTOCOMPLETE_DEBOUNCE_MS,
    ]).toEqual([3, 3000, 8000, 500, 250]);
    expect([K.ORDERS_PAGE_SIZE, K.CUSTOMER_ADMIN_PAGE_SIZE, K.QUANTITY_MAX, K.IMAGE_UPLOAD_MAX_BYTES]).toEqual([
      20, 10, 10000, 2097152,
    ]);
    expect(K.LOCATOR_POPUP_COOKIE_DAYS * 24 * 60).toBeCloseTo(5);
    expect(K.POPULAR_MAKES).toEqual(['Chevrolet', 'Ford', 'GMC', 'Jeep', 'Ram', 'Toyota']);
    expect(K.POPULAR_MODELS.Ford).toContain('F-150');
    expect([K.groupsPopular('1'), K.groupsPopular('0')]).toEqual([true, false]);
    expect([K.gridColumns(0), K.gridColumns(1), K.gridColumns(2)]).toEqual([4, 3, 2]);
    expect([K.secondsToMs(2), K.kioskMinutesToMs(2)]).toEqual([2000, 120000]);
  });
});

describe('inventory wording', () => {
  it('Out of Stock / {n} in Stock / oos text', () => {
    expect([I.inventoryText(0), I.inventoryText(-2), I.inventoryText(3)]).toEqual([
      'Out of Stock',
      'Out of Stock',
      '3 in Stock',
    ]);
    expect(I.outOfStockText('Gone')).toBe('Gone');
    expect(I.outOfStockText(' ')).toBe(I.DEFAULT_OOS_TEXT);
    expect(I.outOfStockText(null)).toBe(
      "I'm sorry, this product is either not available in the desired quantity or not in stock.",
    );
  });
});
