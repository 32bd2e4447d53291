import { describe, expect, it } from 'vitest';
import { money } from '../../../src/domain/money';
import { runMutation } from '../../../src/domain/mutations/registry';
import {
  cardPaymentLabel,
  receiptFooterOf,
  storeHeaderOf,
  storeLocationOf,
  type StoreLocation,
} from '../../../src/domain/receipt';
import { paymentsToRefund, settlementOf } from '../../../src/domain/settlement';
import { totalsFromRecord } from '../../../src/domain/totals';
import { ctx, transaction, uuid } from './factories';

/** Issue 19: what the receipt and invoice say about the shop, and a voided order's refund due. */
const AUSTIN: StoreLocation = {
  location_id: 1,
  name: 'Partsdesk Auto Parts - Austin',
  address_1: '4512 S Congress Ave',
  address_2: '',
  city: 'Austin',
  zone_code: 'TX',
  postcode: '78745',
  telephone: '5125550142',
  is_default: true,
  status: true,
};
const DENVER: StoreLocation = {
  ...AUSTIN,
  location_id: 2,
  name: 'Partsdesk Auto Parts - Denver',
  address_1: '2875 W Alameda Ave',
  city: 'Denver',
  zone_code: 'CO',
  postcode: '80219',
  telephone: '(303) 555-0177',
  is_default: false,
};

describe('the store a receipt names', () => {
  it("is the order's store, else the default active store, else the lowest active id", () => {
    expect(storeLocationOf([AUSTIN, DENVER], 2)).toBe(DENVER);
    expect(storeLocationOf([DENVER, AUSTIN], null)).toBe(AUSTIN);
    expect(storeLocationOf([DENVER, AUSTIN], undefined)).toBe(AUSTIN);
    expect(storeLocationOf([AUSTIN, { ...DENVER, status: false }], 2)).toBe(AUSTIN);
    expect(storeLocationOf([{ ...AUSTIN, is_default: false, location_id: 5 }, DENVER], 9)?.location_id).toBe(2);
    expect(storeLocationOf([], 1)).toBeNull();
  });

  it('header: the shop name, the store, its address lines and its phone formatted', () => {
    expect(storeHeaderOf({ store_name: 'Partsdesk Auto Parts' }, AUSTIN)).toEqual({
      name: 'Partsdesk Auto Parts',
      branch: 'Partsdesk Auto Parts - Austin',
      address: ['4512 S Congress Ave', 'Austin, TX 78745'],
      telephone: '(512) 555-0142',
      email: '',
      website: '',
    });
    // No shop name: the store's; no store: the default name and nothing else.
    expect(storeHeaderOf({}, DENVER)).toMatchObject({ name: 'Partsdesk Auto Parts - Denver', branch: null });
    expect(storeHeaderOf({ store_name: 42 }, null)).toEqual({
      name: 'Partsdesk',
      branch: null,
      address: [],
      telephone: '',
      email: '',
      website: '',
    });
  });

  it('footer: the receipt_footer setting, trimmed; none when unset or not text', () => {
    expect(receiptFooterOf({ receipt_footer: '  Thank you!  ' })).toBe('Thank you!');
    expect(receiptFooterOf({})).toBe('');
    expect(receiptFooterOf({ receipt_footer: { text: 'x' } })).toBe('');
  });

  it('a card payment is named by its brand and last 4', () => {
    expect(cardPaymentLabel('Card', 'Visa', '4242')).toBe('Card Visa ****4242');
    expect(cardPaymentLabel('Online', 'Mastercard', '5555444433331111')).toBe('Online Mastercard ****1111');
    expect(cardPaymentLabel('Card', '', '')).toBe('Card');
  });

  it('order.create records the store the sale is made at', () => {
    const made = runMutation('order.create', {}, { id: uuid(61), location_id: 2 }, ctx());
    expect(made.ok && made.changes.order).toMatchObject({ location_id: 2 });
    const none = runMutation('order.create', {}, { id: uuid(62) }, ctx());
    expect(none.ok && none.changes.order).toMatchObject({ location_id: null });
  });
});

describe("a voided order's settlement", () => {
  const paid = (amountPaid: string, total = '100.00') =>
    totalsFromRecord(
      {
        parts: total,
        surcharge: '0.00',
        labor: '0.00',
        tax: '0.00',
        card_surcharge: '0.00',
        card_surcharge_tax: '0.00',
        order_total: total,
        amount_paid: amountPaid,
        balance_due: money(total).minus(money(amountPaid)).toFixed(2),
        paid_in_full: money(amountPaid).gte(money(total)),
      },
      { tax_exempt: false, tax_exempt_number: null },
    );

  it('a live order owes its balance or is paid (checkout and receipt wording)', () => {
    expect(settlementOf(paid('100.00'), 'complete')).toMatchObject({
      label: 'Balance Due',
      statusText: 'Paid In Full',
      receiptText: 'Payment Processed',
      tone: 'paid',
    });
    const owing = settlementOf(paid('40.00'), 'saved');
    expect(owing).toMatchObject({ label: 'Balance Due', statusText: 'Outstanding Balance', tone: 'owing' });
    expect(owing.amount.toFixed(2)).toBe('60.00');
    const change = settlementOf(paid('120.00'), 'complete');
    expect(change.label).toBe('Change Due');
    expect(change.amount.toFixed(2)).toBe('20.00');
  });

  it('voided and paid: "Refund due $X", never Paid In Full; voided and unpaid: nothing is owed, never Outstanding Balance', () => {
    const due = settlementOf(paid('100.00'), 'voided');
    expect(due).toMatchObject({
      label: 'Refund Due',
      statusText: 'Refund due $100.00',
      receiptText: 'Refund due $100.00',
      tone: 'refund',
    });
    expect(settlementOf(paid('0.00'), 'voided')).toMatchObject({
      label: 'Refund Due',
      statusText: 'Order voided: nothing is owed',
      tone: 'settled',
    });
    expect(settlementOf(paid('0.00'), 'voided').amount.toFixed(2)).toBe('0.00');
  });

  it('the payments to refund are the approved ones of a voided order only', () => {
    const txs = [
      transaction({ id: uuid(1), status: 'approved' }),
      transaction({ id: uuid(2), status: 'void' }),
      transaction({ id: uuid(3), status: 'pending' }),
    ];
    expect(paymentsToRefund('voided', txs).map((t) => t.id)).toEqual([uuid(1)]);
    expect(paymentsToRefund('complete', txs)).toEqual([]);
  });
});
