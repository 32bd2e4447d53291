import { describe, it, expect } from 'vitest';
import { formatLaborTime, laborAmount, laborUnitAmount } from '../../../src/domain/labor';
import { formatPhone, isValidPhone, maskPhone, PHONE_MASK } from '../../../src/domain/phone';
import * as Q from '../../../src/domain/quantity';

describe('labor', () => {
  it('rate x minutes / 60 x quantity, rounded to cents', () => {
    expect(laborAmount('120.00', 90, 1).toFixed(2)).toBe('180.00');
    expect(laborAmount('120.00', 90, 2).toFixed(2)).toBe('360.00');
    expect(laborAmount('99.99', 7, 3).toFixed(2)).toBe('35.00'); // 34.9965
    expect(laborAmount('abc', 60, 1).toFixed(2)).toBe('0.00');
    expect(laborUnitAmount('100', 45).toFixed(2)).toBe('75.00');
  });
  it('displays time in hrs and min', () => {
    expect(formatLaborTime(90)).toBe('1 hr 30 min');
    expect(formatLaborTime(60)).toBe('1 hr');
    expect(formatLaborTime(120)).toBe('2 hrs');
    expect(formatLaborTime(135)).toBe('2 hrs 15 min');
    expect(formatLaborTime(45)).toBe('45 min');
    expect(formatLaborTime(0)).toBe('0 min');
    expect(formatLaborTime(-5)).toBe('0 min');
  });
});

describe('quantity input', () => {
  it('"A number must be input" for non-numbers', () => {
    expect(Q.normalizeQuantity('abc')).toEqual({ value: 1, error: 'A number must be input' });
    expect(Q.normalizeQuantity(NaN)).toEqual({ value: 1, error: 'A number must be input' });
    expect(Q.normalizeQuantity({})).toEqual({ value: 1, error: 'A number must be input' });
  });
  it('empty or zero falls back to the minimum', () => {
    expect(Q.normalizeQuantity('')).toEqual({ value: 1, error: null });
    expect(Q.normalizeQuantity(0, { min: 3 })).toEqual({ value: 3, error: null });
    expect(Q.normalizeQuantity(null)).toEqual({ value: 1, error: null });
  });
  it('below minimum / above maximum are set to the bound with the message', () => {
    expect(Q.normalizeQuantity(-2)).toEqual({ value: 1, error: 'Minimum quantity is 1' });
    expect(Q.normalizeQuantity('2', { min: 4 })).toEqual({ value: 4, error: 'Minimum quantity is 4' });
    expect(Q.normalizeQuantity(10001)).toEqual({ value: 10000, error: 'Maximum quantity is 10000' });
    expect(Q.normalizeQuantity(60, { max: 50 })).toEqual({ value: 50, error: 'Maximum quantity is 50' });
    expect(Q.normalizeQuantity(' 7 ')).toEqual({ value: 7, error: null });
    expect(Q.normalizeQuantity(2.7)).toEqual({ value: 2, error: null });
  });
  it('selector: 1..10 with 10 as "10+", which switches to free input', () => {
    expect(Q.quantitySelectorOptions.map((o) => o.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10+']);
    expect(Q.quantitySelectorMode(9)).toBe('select');
    expect(Q.quantitySelectorMode(10)).toBe('input');
    expect(Q.quantitySelectorMode(25)).toBe('input');
  });
  it('distributor quantities clamp to the warehouse, else total minus store stock', () => {
    const stock = { warehouseInventory: 5, totalInventory: 20, storeInventory: 8 };
    expect(Q.clampDistributorQuantity(9, stock)).toBe(5);
    expect(Q.clampDistributorQuantity('3', stock)).toBe(3);
    expect(Q.clampDistributorQuantity(-1, stock)).toBe(0);
    expect(Q.clampDistributorQuantity('x', stock)).toBe(0);
    expect(Q.clampDistributorQuantity(50, { ...stock, warehouseInventory: null })).toBe(12);
    expect(Q.distributorMax({ warehouseInventory: null, totalInventory: 2, storeInventory: 8 })).toBe(0);
  });
});

describe('phone', () => {
  it('accepts the spec formats', () => {
    for (const ok of [
      '(555) 123-4567',
      '555-123-4567',
      '555.123.4567',
      '5551234567',
      '+5551234567',
      '555 123 456789',
      '(555)123-4567',
    ]) {
      expect(isValidPhone(ok)).toBe(true);
    }
    for (const bad of ['555-1234', '55-123-4567', 'abc', '555-123-4567890', '']) expect(isValidPhone(bad)).toBe(false);
  });
  it('masks input as (###) ###-####', () => {
    expect(PHONE_MASK).toBe('(###) ###-####');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('55')).toBe('(55');
    expect(maskPhone('55512')).toBe('(555) 12');
    expect(maskPhone('555123456789')).toBe('(555) 123-4567');
  });
});

describe('formatPhone', () => {
  it('shows ten stored digits in the (###) ###-#### mask, whatever separators they came with', () => {
    for (const stored of ['5125550199', '512-555-0199', '512.555.0199', '(512) 555-0199', '+15125550199'])
      expect(formatPhone(stored)).toBe('(512) 555-0199');
  });
  it('leaves an extension, a foreign number or an empty value as stored', () => {
    for (const stored of ['512-555-019912', '+44 20 7946 0958', '', '555-0199'])
      expect(formatPhone(stored)).toBe(stored);
  });
});
