import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/ui/format-money';

describe('formatMoney (USD, en-US, from the wire decimal string)', () => {
  it('formats with a dollar sign, thousands separators and 2 decimals', () => {
    expect(formatMoney('1234.50')).toBe('$1,234.50');
    expect(formatMoney('0.00')).toBe('$0.00');
    expect(formatMoney('7')).toBe('$7.00');
    expect(formatMoney('1000000.1')).toBe('$1,000,000.10');
  });

  it('puts the minus before the dollar sign', () => {
    expect(formatMoney('-3.00')).toBe('-$3.00');
    expect(formatMoney('-1234.56')).toBe('-$1,234.56');
  });

  it('keeps digits a float would lose', () => {
    expect(formatMoney('12345678901234567.89')).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('90071992547409.99')).toBe('$90,071,992,547,409.99');
  });

  it('rounds extra places half away from zero, exactly', () => {
    expect(formatMoney('1.005')).toBe('$1.01'); // as a float 1.005 is 1.00499..., which would give $1.00
    expect(formatMoney('2.675')).toBe('$2.68');
  });

  it('refuses what is not a decimal string', () => {
    expect(formatMoney('')).toBeNull();
    expect(formatMoney('abc')).toBeNull();
    expect(formatMoney('1e3')).toBeNull();
    expect(formatMoney('$5.00')).toBeNull();
  });
});
