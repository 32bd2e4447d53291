import { describe, expect, it } from 'vitest';
import { barcodeValue, foldText, partKey, queryTerms, wordTokens } from '../../../sync/search/normalize';

describe('partKey', () => {
  it('makes hyphens, spaces and dots irrelevant', () => {
    expect(partKey('33-2304')).toBe('332304');
    expect(partKey('33 2304')).toBe('332304');
    expect(partKey('332304')).toBe('332304');
    expect(partKey('09.1234.56')).toBe('09123456');
    expect(partKey('FL-820-S')).toBe('FL820S');
  });

  it('keeps leading zeros, digits and letters, upper-cased', () => {
    expect(partKey('0242236562')).toBe('0242236562');
    expect(partKey('k750155')).toBe('K750155');
    expect(partKey('9003ST.BP2')).toBe('9003STBP2');
  });

  it('folds accents and drops everything that is not a letter or digit', () => {
    expect(partKey('Señal-1')).toBe('SENAL1');
    expect(partKey(' - / ')).toBe('');
  });
});

describe('wordTokens', () => {
  it('indexes a punctuated chunk joined and in pieces', () => {
    expect(wordTokens('K&N')).toEqual(['kn', 'k', 'n']);
    expect(wordTokens('Fel-Pro')).toEqual(['felpro', 'fel', 'pro']);
    expect(wordTokens('33-2304')).toEqual(['332304', '33', '2304']);
  });

  it('keeps digit runs and alphanumeric codes whole', () => {
    expect(wordTokens('Z36 Truck 5100 K750155')).toEqual(['z36', 'truck', '5100', 'k750155']);
    expect(wordTokens('0242236562')).toEqual(['0242236562']);
  });

  it('splits camel case series names as well as keeping them whole', () => {
    expect(wordTokens('FloorLiner HP')).toEqual(['floorliner', 'floor', 'liner', 'hp']);
    expect(wordTokens('BAKFlip MX4')).toEqual(['bakflip', 'bak', 'flip', 'mx4']);
  });

  it('lower-cases, folds accents and lists each token once', () => {
    expect(wordTokens('Señal SEÑAL señal')).toEqual(['senal']);
    expect(foldText('Crème')).toBe('creme');
  });
});

describe('queryTerms', () => {
  it('takes each whitespace chunk joined', () => {
    expect(queryTerms('K&N air  filter')).toEqual(['kn', 'air', 'filter']);
    expect(queryTerms('33-2304')).toEqual(['332304']);
  });

  it('drops duplicates and terms implied by a longer one', () => {
    expect(queryTerms('k kn')).toEqual(['kn']);
    expect(queryTerms('brake brake pad')).toEqual(['brake', 'pad']);
    expect(queryTerms('  - ')).toEqual([]);
  });
});

describe('barcodeValue', () => {
  it('reads 8 to 14 digits as a barcode', () => {
    expect(barcodeValue('700000123456')).toBe(700000123456);
    expect(barcodeValue('0-12345-67890-5')).toBe(12345678905);
    expect(barcodeValue('1234567')).toBeNull();
    expect(barcodeValue('33-2304')).toBeNull();
  });
});
