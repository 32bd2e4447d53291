import { describe, expect, it } from 'vitest';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { storeSettingsFrom } from '../../../src/domain/store-settings';

const classes = [
  { tax_class_id: 1, title: 'Taxable Goods' },
  { tax_class_id: 2, title: 'Non-Taxable' },
];

describe('storeSettingsFrom', () => {
  it('sums each tax class rates, reads the shop keys and keeps defaults for the rest', () => {
    const s = storeSettingsFrom({
      settings: {
        appointments: { time_slot_length: 30 },
        credit_card_surcharge: { enabled: true, percent: '3.00', tax_class_id: 1 },
        po_numbers: { enabled: 1, required: '1' },
        customer_form: { require_email: true },
        payment_types: { online: true, check: false },
        taxes: { labor_tax_class_id: 1, surcharge_taxable: true },
      },
      taxClasses: classes,
      taxRates: [
        { tax_class_id: 1, rate: '6.2500' },
        { tax_class_id: 1, rate: 2 },
        { tax_class_id: 2, rate: '0.0000' },
      ],
    });
    expect(s.taxClasses).toEqual([
      { tax_class_id: 1, title: 'Taxable Goods', rate: '8.25' },
      { tax_class_id: 2, title: 'Non-Taxable', rate: '0' },
    ]);
    expect(s).toMatchObject({
      timeSlotLength: 30,
      cardSurcharge: { percent: '3', taxClassId: 1, applyToDebit: false },
      poNumbersEnabled: true,
      requirePoNumbers: true,
      requireEmail: true,
      requireTelephone: false,
      laborTaxClassId: 1,
      surchargeTaxable: true,
      paymentTypeFlags: { ...defaultStoreSettings.paymentTypeFlags, online: true, check: false },
    });
  });

  it('a disabled or malformed setting falls back instead of failing', () => {
    const s = storeSettingsFrom({
      settings: {
        credit_card_surcharge: { enabled: false, percent: '3' },
        appointments: { time_slot_length: -5 },
        po_numbers: 'yes',
        taxes: { labor_tax_class_id: 'x' },
      },
      taxClasses: [],
      taxRates: [],
    });
    expect(s.cardSurcharge.percent).toBe('0');
    expect(s.timeSlotLength).toBe(defaultStoreSettings.timeSlotLength);
    expect(s.poNumbersEnabled).toBe(false);
    expect(s.laborTaxClassId).toBeNull();
    expect(s.taxClasses).toEqual(defaultStoreSettings.taxClasses);
    expect(
      storeSettingsFrom({
        settings: { credit_card_surcharge: { enabled: true, percent: '-1' } },
        taxClasses: classes,
        taxRates: [],
      }).cardSurcharge.percent,
    ).toBe('0');
    expect(
      storeSettingsFrom({
        settings: { po_numbers: { enabled: false, required: true } },
        taxClasses: classes,
        taxRates: [],
      }).requirePoNumbers,
    ).toBe(false);
  });
});
