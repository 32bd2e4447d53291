import { describe, expect, it } from 'vitest';
import { appointmentLabel } from '../../../src/domain/forms/appointment';
import { purchaseOrderLine } from '../../../src/pos/receipt/receipt-extras';

describe('receipt: purchase orders and booked appointments', () => {
  it('shows a booked appointment as "{date} @ {time}"', () => {
    expect(appointmentLabel({ start_date: '2026-11-25', start_time: '09:30' })).toBe('2026-11-25 @ 09:30');
  });
  it('sums up a distributor purchase order from the spec fields, skipping what is missing', () => {
    expect(purchaseOrderLine({ PurchaseOrderID: 7, Number: 'PO-1042', ToWarehouse: { Name: 'Austin DC' }, CurrentStatus: 'Submitted', OrderTotalPrice: '123.4' })).toBe(
      'PO PO-1042 · Austin DC · Submitted · $123.40',
    );
    expect(purchaseOrderLine({ PurchaseOrderID: 8 })).toBe('PO 8');
  });
});
