import { describe, it, expect } from 'vitest';
import * as A from '../../../src/domain/forms/appointment';
import {
  cardDevicePaymentSchema,
  cardTypeOptions,
  checkPaymentSchema,
  simplePaymentSchema,
} from '../../../src/domain/forms/card-payment';
import { contactFormSchema, firstEmail } from '../../../src/domain/forms/contact';
import { CONTINUE_ORDER_MESSAGE, continueOrderSchema } from '../../../src/domain/forms/continue-order';
import { creditFormSchema } from '../../../src/domain/forms/credit';
import {
  customFormSchema,
  captchaRequired,
  prefillFromQuery,
  type CustomFormField,
} from '../../../src/domain/forms/custom-form';
import { customLaborFormSchema } from '../../../src/domain/forms/custom-labor';
import { customProductFormSchema, TAX_CLASS_HINT } from '../../../src/domain/forms/custom-product';
import { historyFormSchema } from '../../../src/domain/forms/history';
import { lineItemSchema } from '../../../src/domain/forms/line-item';
import {
  INVALID_ZIP,
  locatorDistanceSchema,
  normalizeDistance,
  zipSearchSchema,
} from '../../../src/domain/forms/locator';
import { linesMissingPoNumber, poNumberFormSchema, poNumberRequirement } from '../../../src/domain/forms/po-number';
import { addVehiclePrompt, vehicleFormSchema } from '../../../src/domain/forms/vehicle';
import { custom, labor, product, uuid } from './factories';
import { errors } from './zod-errors';

describe('custom product and line item', () => {
  it('uses the spec messages', () => {
    expect(errors(customProductFormSchema, { name: '', price: '0', quantity: 0, tax_class_id: '' })).toEqual({
      name: 'Name is a required field.',
      price: 'Price must be a positive number.',
      quantity: 'Quantity must be a positive number.',
    });
    expect(errors(customProductFormSchema, { name: 'X', price: '1', quantity: 'abc' })).toEqual({
      quantity: 'Quantity must be a positive number.',
    });
    expect(customProductFormSchema.parse({ name: ' Oil ', price: '4.5', quantity: '2', tax_class_id: '' })).toEqual({
      name: 'Oil',
      price: '4.50',
      quantity: 2,
      tax_class_id: null,
    });
    expect(customProductFormSchema.parse({ name: 'Oil', price: 4, quantity: 1, tax_class_id: '9' }).tax_class_id).toBe(
      9,
    );
    expect(TAX_CLASS_HINT).toBe('Leave blank to exclude tax.');
    expect(errors(lineItemSchema, { name: '', price: -1, quantity: 1.5, tax_class_id: null })).toEqual({
      name: 'Name is a required field.',
      price: 'Price must be a positive number.',
      quantity: 'Quantity must be a positive number.',
    });
    expect(lineItemSchema.safeParse({ name: 'x', price: '2.00', quantity: 1, tax_class_id: null }).success).toBe(true);
  });
});

describe('custom labor', () => {
  it('laborId, laborTime and quantity positive integers', () => {
    expect(errors(customLaborFormSchema, { laborId: 0, laborTime: 0, quantity: -1 })).toEqual({
      laborId: 'Please select a labor type',
      laborTime: 'Time must be a positive number',
      quantity: 'Quantity must be a positive number',
    });
    expect(customLaborFormSchema.parse({ laborId: '3', laborTime: '90', quantity: '1', applyLabor: 1 })).toMatchObject({
      laborId: 3,
      laborTime: 90,
      applyLabor: true,
    });
  });
});

describe('appointment', () => {
  const ok = {
    products: [1],
    installers: [2],
    location: 1,
    bay: 3,
    startDate: '2026-11-23',
    startTime: '09:30',
    duration: 60,
    status: 1,
    note: '',
    vehicle: null,
    notifyCustomer: 0,
  };
  it('start minutes on the slot grid; durations 15..480 by 15', () => {
    const s = A.appointmentFormSchema(30);
    expect(s.safeParse(ok).success).toBe(true);
    expect(errors(s, { ...ok, startTime: '09:45' })).toEqual({ startTime: 'Start time must be on a 30-minute slot' });
    expect(errors(s, { ...ok, startTime: '9:5' })).toEqual({ startTime: 'Invalid time' });
    expect(errors(s, { ...ok, startDate: '2026-02-29' })).toEqual({ startDate: 'Invalid date' });
    expect(s.safeParse({ ...ok, startDate: '2024-02-29' }).success).toBe(true);
    expect(errors(s, { ...ok, startDate: 'tomorrow' })).toEqual({ startDate: 'Invalid date' });
    for (const d of [0, 10, 490, 50])
      expect(errors(s, { ...ok, duration: d })).toEqual({ duration: A.DURATION_MESSAGE });
    expect(errors(s, { ...ok, location: 0, bay: 0, status: 0 })).toEqual({
      location: 'Required',
      bay: 'Required',
      status: 'Required',
    });
  });
  it('options, preselection and bay filtering', () => {
    expect(A.durationOptions(15)).toHaveLength(32);
    expect(A.durationOptions(60)[0]).toBe(60);
    // Within the 8-hour window (§9 28,800,000 ms) from 08:00: the last start is the slot before 16:00.
    expect(A.startTimeOptions(30).slice(0, 3)).toEqual(['08:00', '08:30', '09:00']);
    expect(A.startTimeOptions(30)).toHaveLength(16);
    expect(A.startTimeOptions(30).at(-1)).toBe('15:30');
    expect(A.startTimeOptions(60)).toHaveLength(8);
    // A booking's own start outside the window stays offered, in time order.
    expect(A.startTimeOptions(60, '17:15').slice(-2)).toEqual(['15:00', '17:15']);
    expect(A.startTimeOptions(60, '09:00')).toHaveLength(8);
    expect(A.preselect([5])).toBe(5);
    expect(A.preselect([5, 6])).toBeNull();
    const bays = [
      { bay_id: 1, location_id: 1 },
      { bay_id: 2, location_id: 2 },
    ];
    expect(A.baysForLocation(bays, 2).map((b) => b.bay_id)).toEqual([2]);
    expect(A.baysForLocation(bays, null)).toEqual([]);
    expect(A.CUSTOMER_MUST_BE_SELECTED).toBe('A customer must be selected!');
    expect(A.parseTime('23:59')).toBe(1439);
  });
});

describe('history form', () => {
  it('.jpg/.png up to 2 MB', () => {
    expect(
      historyFormSchema.safeParse({
        comment: 'hi',
        image: { name: 'a.JPG', type: 'image/jpeg', size: 2 * 1024 * 1024 },
      }).success,
    ).toBe(true);
    expect(errors(historyFormSchema, { image: { name: 'a.gif', type: 'image/gif', size: 10 } })).toEqual({
      image: 'Image must be a .jpg or .png file',
    });
    expect(
      errors(historyFormSchema, { image: { name: 'a.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 } }),
    ).toEqual({ image: 'Image must be 2 MB or smaller' });
    expect(historyFormSchema.parse({}).image).toBeNull();
  });
});

describe('contact and custom forms', () => {
  it('contact form requires everything', () => {
    expect(Object.keys(errors(contactFormSchema, {}))).toEqual([
      'pcName',
      'pcEmail',
      'pcPhone',
      'pcLocation',
      'pcMessage',
    ]);
    expect(
      errors(contactFormSchema, { pcName: 'a', pcEmail: 'x', pcPhone: '1', pcLocation: '1', pcMessage: 'm' }),
    ).toEqual({ pcEmail: 'Invalid email' });
    expect(firstEmail('a@x.com, b@x.com')).toBe('a@x.com');
  });
  it('custom form messages and prefill', () => {
    const fields: CustomFormField[] = [
      { id: 'f1', type: 'text', label_text: 'Name', required: true },
      { id: 'f2', type: 'email', label_text: 'Email', required: false },
      { id: 'f3', type: 'checkbox', label_text: 'Options', required: true },
      { id: 'f4', type: 'legend', label_text: 'Section', required: true },
    ];
    const s = customFormSchema(fields);
    expect(errors(s, { f2: 'nope', f3: [] })).toEqual({
      f1: 'Name is required!',
      f2: 'Must be a valid email!',
      f3: 'Options is required!',
    });
    expect(s.safeParse({ f1: 'Bo', f2: '', f3: ['a'] }).success).toBe(true);
    expect(prefillFromQuery(fields, { f1: 'Q' })).toEqual({ f1: 'Q', f2: '', f3: '' });
    expect([captchaRequired(1), captchaRequired('1'), captchaRequired(0)]).toEqual([true, true, false]);
  });
});

describe('locator, continue order, PO numbers', () => {
  it('distance between 10 and 250 else 10; ZIP', () => {
    expect([
      normalizeDistance(25),
      normalizeDistance('250'),
      normalizeDistance(5),
      normalizeDistance(251),
      normalizeDistance('x'),
      normalizeDistance(''),
    ]).toEqual([25, 250, 10, 10, 10, 10]);
    expect(locatorDistanceSchema.parse(100)).toBe(100);
    expect(errors(zipSearchSchema, ' ')).toEqual({ '': INVALID_ZIP });
    expect(errors(zipSearchSchema, '12345678901')).toEqual({ '': 'Maximum 10 characters' });
  });
  it('exactly one order to continue', () => {
    expect(errors(continueOrderSchema, [])).toEqual({ '': CONTINUE_ORDER_MESSAGE });
    expect(errors(continueOrderSchema, ['a', 'b'])).toEqual({
      '': 'Invalid Selection: Please select one order to continue',
    });
    expect(continueOrderSchema.safeParse(['a']).success).toBe(true);
  });
  it('PO number requirement', () => {
    const lines = [product({ po_number: 'PO1' }), custom({ id: uuid(9) }), labor()];
    expect(linesMissingPoNumber(lines).map((l) => l.id)).toEqual([uuid(9)]);
    expect(poNumberRequirement(lines, true)).toBe('Please add a PO Number to each product before completing check out');
    expect(poNumberRequirement(lines, false)).toBeNull();
    expect(errors(poNumberFormSchema, { po_number: '' })).toEqual({ po_number: 'Please enter a PO Number' });
  });
});

describe('payment, vehicle and credit forms', () => {
  it('card with device', () => {
    expect(errors(cardDevicePaymentSchema, { amount: '0' })).toEqual({
      amount: 'Amount must be more than $0.00',
      department: 'Select a department that will process the batch',
      device: 'Select a device that will display the amount',
      cardType: 'Select a card type',
    });
    expect(
      cardDevicePaymentSchema.parse({ amount: '5', department: 'd', device: 'v', cardType: 'credit' }),
    ).toMatchObject({ amount: '5.00', action: 'Charge' });
    expect(cardTypeOptions.map((o) => o.label)).toEqual(['Credit', 'Debit']);
    expect(errors(checkPaymentSchema, { amount: 5, checkNumber: '0' })).toEqual({
      checkNumber: 'Check number must be a whole number of at least 1',
    });
    expect(errors(checkPaymentSchema, { amount: 5, checkNumber: 'x' })).toEqual({
      checkNumber: 'Check number must be a whole number of at least 1',
    });
    expect(checkPaymentSchema.parse({ amount: 5, checkNumber: '101' }).checkNumber).toBe(101);
    expect(errors(simplePaymentSchema, { amount: '-3' })).toEqual({ amount: 'Amount must be more than $0.00' });
  });
  it('vehicle needs a customer; VIN 17 characters when given', () => {
    expect(errors(vehicleFormSchema, { customer_ref: '' })).toEqual({ customer_ref: 'A customer must be selected!' });
    expect(errors(vehicleFormSchema, {})).toEqual({ customer_ref: 'A customer must be selected!' });
    expect(errors(vehicleFormSchema, { customer_ref: 'c', vin: 'short' })).toEqual({
      vin: 'VIN must be 17 characters',
    });
    expect(vehicleFormSchema.parse({ customer_ref: 'c', vin: '1hgcm82633a004352' }).vin).toBe('1HGCM82633A004352');
    expect(addVehiclePrompt('Ada', '2020 Ford F-150')).toBe(
      "Ada does not have a 2020 Ford F-150 in The Garage matching the current YMM selections. Would you like to add this 2020 Ford F-150 to Ada's Garage?",
    );
  });
  it('credit amount not zero, 2 decimals, bounded; description required', () => {
    expect(errors(creditFormSchema, { amount: '0' })).toEqual({
      amount: 'Amount must not be $0.00',
      description: 'Required',
    });
    expect(errors(creditFormSchema, { amount: '1.005', description: 'a' })).toEqual({
      amount: 'Amount must be a number with at most 2 decimals',
    });
    expect(errors(creditFormSchema, { amount: 'abc', description: 'a' })).toEqual({
      amount: 'Amount must be a number with at most 2 decimals',
    });
    expect(creditFormSchema.parse({ amount: '-5', description: ' refund ' })).toEqual({
      amount: '-5.00',
      description: 'refund',
    });
  });
});
