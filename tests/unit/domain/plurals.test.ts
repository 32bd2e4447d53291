/** Counts in words a shopper reads (src/domain/plurals.ts; docs/decisions/storefront.md "Wording a shopper sees"). */
import { describe, expect, it } from 'vitest';
import { itemsCount } from '../../../src/domain/plurals';

describe('counts in words', () => {
  it('says "1 item", never "1 item(s)", and groups thousands', () => {
    expect(itemsCount(1)).toBe('1 item');
    expect(itemsCount(0)).toBe('0 items');
    expect(itemsCount(2)).toBe('2 items');
    expect(itemsCount(1200)).toBe('1,200 items');
  });
});
