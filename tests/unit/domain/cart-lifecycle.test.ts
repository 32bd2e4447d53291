import { describe, expect, it } from 'vitest';
import { abandonAction, CART_NOT_EMPTY, continueRefusal, replaceCartRefusal } from '../../../src/domain/cart-lifecycle';
import { ORDER_COMPLETE, ORDER_VOIDED } from '../../../src/domain/mutations/guards';
import type { OrderStatus } from '../../../src/domain/mutations/records';
import { order, product, transaction } from './factories';

const withLine = (status: OrderStatus) => order({ status, lines: [product()] });

describe('cart lifecycle (one rule for the server and the device)', () => {
  it('continues exactly the orders a cart may hold', () => {
    for (const s of ['draft', 'saved', 'quote', 'kiosk'] as const) expect(continueRefusal(s)).toBeNull();
    expect(continueRefusal('complete')).toBe(ORDER_COMPLETE);
    expect(continueRefusal('voided')).toBe(ORDER_VOIDED);
  });

  it('abandon: listed orders are released; a draft is saved if it took money, voided if it has lines, else discarded', () => {
    for (const s of ['saved', 'quote', 'kiosk', 'complete', 'voided'] as const)
      expect(abandonAction(withLine(s), [transaction()])).toBe('release');
    expect(abandonAction(withLine('draft'), [transaction({ status: 'approved' })])).toBe('save');
    expect(abandonAction(order({ status: 'draft' }), [transaction({ status: 'pending' })])).toBe('save');
    expect(abandonAction(withLine('draft'), [transaction({ status: 'void' })])).toBe('void');
    expect(abandonAction(withLine('draft'), [])).toBe('void');
    expect(abandonAction(order({ status: 'draft', lines: [] }), [transaction({ status: 'void' })])).toBe('discard');
  });

  it('a cart holding an unsaved draft with lines cannot be replaced by another order', () => {
    expect(replaceCartRefusal(withLine('draft'))).toBe(CART_NOT_EMPTY);
    expect(replaceCartRefusal(order({ status: 'draft', lines: [] }))).toBeNull();
    expect(replaceCartRefusal(withLine('saved'))).toBeNull();
    expect(replaceCartRefusal(null)).toBeNull();
  });
});
