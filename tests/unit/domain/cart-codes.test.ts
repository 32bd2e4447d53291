import { describe, expect, it } from 'vitest';
import { appliedCodes, codeRows, findAppliedCode, redemptionAmount } from '../../../src/domain/cart-codes';
import { money, toWire } from '../../../src/domain/money';

const t = (
  id: string,
  code: string | null,
  amount: string,
  over: { type?: 'voucher' | 'cash'; status?: 'approved' | 'void' | 'pending' } = {},
) => ({
  id,
  transaction_type: over.type ?? 'voucher',
  status: over.status ?? 'approved',
  voucher_code: code,
  amount,
});

describe('cart codes', () => {
  it('groups approved voucher payments by code, case-insensitively, in first-applied order', () => {
    const codes = appliedCodes([
      t('1', 'GC-AAA', '10.00'),
      t('2', null, '5.00', { type: 'cash' }),
      t('3', 'gc-bbb', '2.50'),
      t('4', 'gc-aaa', '0.05'),
      t('5', 'GC-CCC', '9.00', { status: 'void' }),
      t('6', 'GC-DDD', '9.00', { status: 'pending' }),
    ]);
    expect(codes.map((c) => [c.code, toWire(c.amount), c.transactionIds])).toEqual([
      ['GC-AAA', '10.05', ['1', '4']],
      ['gc-bbb', '2.50', ['3']],
    ]);
    expect(findAppliedCode(codes, ' Gc-Bbb ')?.code).toBe('gc-bbb');
    expect(findAppliedCode(codes, 'GC-CCC')).toBeUndefined();
  });

  it('redeems the lesser of the certificate balance and the balance due, never below 0', () => {
    expect(toWire(redemptionAmount(money('25'), money('40')))).toBe('25.00');
    expect(toWire(redemptionAmount(money('100'), money('30.01')))).toBe('30.01');
    expect(toWire(redemptionAmount(money('10'), money('-4')))).toBe('0.00');
  });

  it('adds a negative row per code and the balance left after Order Total; none without codes', () => {
    const codes = appliedCodes([t('1', 'GC-1', '25.00')]);
    expect(codeRows([], { balanceDue: money('10'), balanceLabel: 'Balance Due' })).toEqual([]);
    expect(
      codeRows(codes, { balanceDue: money('15'), balanceLabel: 'Balance Due' }).map((r) => [
        r.code,
        r.title,
        toWire(r.value),
        r.text,
      ]),
    ).toEqual([
      ['voucher', 'Gift Certificate (GC-1)', '-25.00', '-$25.00'],
      ['balance', 'Balance Due', '15.00', '$15.00'],
    ]);
    expect(codeRows(codes, { balanceDue: money('-3'), balanceLabel: 'Change Due' }).at(-1)).toMatchObject({
      title: 'Change Due',
      text: '$3.00',
    });
  });
});
