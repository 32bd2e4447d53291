/**
 * The rule of every custom form field type (storefront.md §3 types, §5 rules, §8 messages;
 * src/domain/forms/custom-form.ts), as both the form page and the server run it.
 */
import { describe, expect, it } from 'vitest';
import {
  cleanSubmission,
  customFormSchema,
  fieldError,
  isDate,
  normalizeDateTime,
  prefillFromQuery,
  TEXT_MAX,
  TEXTAREA_MAX,
  type CustomFieldType,
  type CustomFormField,
} from '../../../src/domain/forms/custom-form';

const f = (type: CustomFieldType, over: Partial<CustomFormField> = {}): CustomFormField => ({
  id: '1',
  type,
  label_text: 'Thing',
  required: true,
  ...over,
});

describe('custom form field rules', () => {
  it("every input type, when required and empty, says '{label} is required!'", () => {
    for (const type of [
      'text',
      'email',
      'textarea',
      'dropdown',
      'radio',
      'checkbox',
      'date',
      'time',
      'datetime',
      'store_select',
    ] as const) {
      expect(fieldError(f(type), undefined), type).toBe('Thing is required!');
      expect(fieldError(f(type), '  '), type).toBe('Thing is required!');
      expect(fieldError(f(type, { required: false }), ''), type).toBeNull();
    }
    expect(fieldError(f('checkbox'), [])).toBe('Thing is required!');
  });

  it('legend, description and image take no value and are never required', () => {
    for (const type of ['legend', 'description', 'image'] as const) {
      expect(fieldError(f(type), undefined)).toBeNull();
      expect(fieldError(f(type), 'anything')).toBeNull();
    }
  });

  it('text and textarea: any text up to their length', () => {
    expect(fieldError(f('text'), 'Pat')).toBeNull();
    expect(fieldError(f('text'), 'x'.repeat(TEXT_MAX + 1))).toBe(`Maximum ${TEXT_MAX} characters`);
    expect(fieldError(f('textarea'), 'line one\nline two')).toBeNull();
    expect(fieldError(f('textarea'), 'x'.repeat(TEXTAREA_MAX + 1))).toBe(`Maximum ${TEXTAREA_MAX} characters`);
    expect(fieldError(f('text'), ['a'])).toBe('Invalid value');
  });

  it("email: 'Must be a valid email!'", () => {
    expect(fieldError(f('email'), 'pat@example.com')).toBeNull();
    for (const bad of ['pat', 'pat@', '@x.com', 'a b@x.com'])
      expect(fieldError(f('email'), bad)).toBe('Must be a valid email!');
    expect(fieldError(f('email', { required: false }), 'nope')).toBe('Must be a valid email!');
  });

  it('dropdown and radio: one of the options', () => {
    const opts = { options: ['New', 'Used'] };
    for (const type of ['dropdown', 'radio'] as const) {
      expect(fieldError(f(type, opts), 'New')).toBeNull();
      expect(fieldError(f(type, opts), 'Stolen')).toBe('Thing: please choose one of the options.');
      expect(fieldError(f(type, opts), ['New'])).toBe('Thing: please choose one of the options.');
    }
  });

  it('checkbox: any of its options; one box without options takes its tick', () => {
    const opts = { options: ['Email', 'Phone'] };
    expect(fieldError(f('checkbox', opts), ['Email', 'Phone'])).toBeNull();
    expect(fieldError(f('checkbox', opts), 'Email')).toBeNull();
    expect(fieldError(f('checkbox', opts), ['Email', 'Fax'])).toBe('Thing: please choose one of the options.');
    expect(fieldError(f('checkbox'), ['Yes'])).toBeNull();
  });

  it('date, time and datetime in the spec formats (YYYY-MM-DD, HH:mm, YYYY-MM-DD HH:mm)', () => {
    expect(fieldError(f('date'), '2026-02-28')).toBeNull();
    for (const bad of ['2026-02-30', '2026-2-1', '28/02/2026', '2026-13-01'])
      expect(fieldError(f('date'), bad)).toBe('Must be a valid date!');
    expect(isDate('2028-02-29')).toBe(true);
    expect(fieldError(f('time'), '23:59')).toBeNull();
    for (const bad of ['24:00', '9:30', '09:60', '7pm'])
      expect(fieldError(f('time'), bad)).toBe('Must be a valid time!');
    expect(fieldError(f('datetime'), '2026-12-24 10:15')).toBeNull();
    expect(fieldError(f('datetime'), '2026-12-24T10:15')).toBeNull();
    for (const bad of ['2026-12-24', '2026-12-32 10:00', 'tomorrow'])
      expect(fieldError(f('datetime'), bad)).toBe('Must be a valid date and time!');
    expect(normalizeDateTime('2026-12-24T10:15')).toBe('2026-12-24 10:15');
  });

  it('store_select: a store the form offers', () => {
    expect(fieldError(f('store_select'), '2', ['1', '2'])).toBeNull();
    expect(fieldError(f('store_select'), '3', ['1', '2'])).toBe('Please choose a store.');
    expect(fieldError(f('store_select'), 'abc')).toBe('Please choose a store.');
    expect(fieldError(f('store_select'), '3')).toBeNull();
  });

  it('the schema reports each field under its id and keeps only the form’s fields when cleaned', () => {
    const fields = [
      f('text', { id: 'a', label_text: 'Name' }),
      f('email', { id: 'b', label_text: 'Email' }),
      f('checkbox', { id: 'c', label_text: 'Ways', required: false, options: ['Email'] }),
      f('datetime', { id: 'd', label_text: 'When', required: false }),
      f('legend', { id: 'e', label_text: 'Section' }),
    ];
    const r = customFormSchema(fields).safeParse({ b: 'x' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['a', 'Name is required!'],
      ['b', 'Must be a valid email!'],
    ]);
    expect(cleanSubmission(fields, { a: ' Bo ', b: 'b@x.com', d: '2026-01-02T03:04', e: 'x', z: 'y' })).toEqual({
      a: 'Bo',
      b: 'b@x.com',
      c: [],
      d: '2026-01-02 03:04',
    });
  });

  it('prefills each input field from the query parameter named with its id', () => {
    const fields = [f('text', { id: '12' }), f('legend', { id: '13' }), f('date', { id: '14' })];
    expect(prefillFromQuery(fields, { 12: 'Pat', 13: 'x', 14: '2026-01-01', other: 'y' })).toEqual({
      12: 'Pat',
      14: '2026-01-01',
    });
  });
});
