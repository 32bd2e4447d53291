import { describe, expect, it } from 'vitest';
import { PartIndex } from '../../../sync/search/part-index';
import type { SearchProductRow } from '../../../sync/search/types';

const cat = (category_id: number, name: string) => ({ category_id, name });
const ENGINE = cat(1, 'Engine');
const SUSPENSION = cat(2, 'Suspension');
const BRAKES = cat(3, 'Brakes');

const FIXTURE: SearchProductRow[] = [
  {
    product_id: 1,
    mpn: '33-2304',
    name: 'K&N Air Filter 33-2304',
    aaia: 'KNFL',
    manufacturer_id: 1,
    manufacturer: 'K&N',
    series_id: 11,
    series: 'Replacement Filter',
    categories: [cat(10, 'Air Filters'), ENGINE],
    upc: '700000123456',
  },
  {
    product_id: 2,
    mpn: '33-23041',
    name: 'K&N High-Flow Air Filter 33-23041',
    aaia: 'KNFL',
    manufacturer_id: 1,
    manufacturer: 'K&N',
    series_id: 11,
    series: 'Replacement Filter',
    categories: [cat(10, 'Air Filters'), ENGINE],
  },
  {
    product_id: 3,
    mpn: '24-186728',
    name: 'Bilstein Monotube Shock Absorber 24-186728',
    aaia: 'BLST',
    manufacturer_id: 2,
    manufacturer: 'Bilstein',
    series_id: 21,
    series: '5100 Series',
    categories: [cat(20, 'Shocks'), SUSPENSION],
  },
  {
    product_id: 4,
    mpn: '0242236562',
    name: 'Bosch Oxygen Sensor 0242236562',
    aaia: 'BSCH',
    manufacturer_id: 3,
    manufacturer: 'Bosch',
    series_id: null,
    series: null,
    categories: [cat(11, 'Sensors'), ENGINE],
  },
  {
    product_id: 5,
    mpn: '6619',
    name: 'NGK Laser Iridium Spark Plug 6619',
    aaia: 'NGKS',
    manufacturer_id: 4,
    manufacturer: 'NGK',
    series_id: 41,
    series: 'Laser Iridium',
    categories: [cat(12, 'Spark Plugs'), ENGINE],
  },
  {
    product_id: 6,
    mpn: '6619',
    name: 'Denso Iridium Spark Plug 6619',
    aaia: 'DNSO',
    manufacturer_id: 5,
    manufacturer: 'Denso',
    series_id: 51,
    series: 'Iridium TT',
    categories: [cat(12, 'Spark Plugs'), ENGINE],
  },
  {
    product_id: 7,
    mpn: 'K750155',
    name: 'Moog Ball Joint K750155',
    aaia: 'MOOG',
    manufacturer_id: 6,
    manufacturer: 'Moog',
    series_id: 61,
    series: 'Problem Solver',
    categories: [cat(21, 'Ball Joints'), SUSPENSION],
  },
  {
    product_id: 8,
    mpn: 'QC1234',
    name: 'Wagner Ceramic Brake Pad Set QC1234',
    aaia: 'WGNR',
    manufacturer_id: 7,
    manufacturer: 'Wagner',
    series_id: 71,
    series: 'ThermoQuiet',
    categories: [cat(30, 'Brake Pads'), BRAKES],
  },
  {
    product_id: 9,
    mpn: 'HS26332PT',
    name: 'Fel-Pro Head Gasket Set HS26332PT',
    aaia: 'FELP',
    manufacturer_id: 8,
    manufacturer: 'Fel-Pro',
    series_id: 81,
    series: 'PermaDryPlus',
    categories: [cat(13, 'Gaskets'), ENGINE],
  },
  // The brand is not in this name: it is found through the brand field, ranked below name matches.
  {
    product_id: 10,
    mpn: 'FA-1884',
    name: 'Engine Air Filter FA-1884',
    aaia: 'MTCR',
    manufacturer_id: 9,
    manufacturer: 'Motorcraft',
    series_id: null,
    series: null,
    categories: [cat(10, 'Air Filters'), ENGINE],
  },
];

const index = PartIndex.build(FIXTURE);
const ids = (text: string, limit = 20) => index.query(text, { limit }).parts.map((p) => p.product_id);

describe('part numbers', () => {
  it('finds an exact part number however it is punctuated, first', () => {
    for (const q of ['33-2304', '332304', '33 2304', '33.2304']) {
      const r = index.query(q);
      expect(r.parts[0]).toMatchObject({ product_id: 1, match: 'part-number' });
    }
  });

  it('keeps leading zeros and digits', () => {
    expect(index.query('0242236562').parts[0]).toMatchObject({ product_id: 4, match: 'part-number' });
    expect(index.query('0242').parts[0]).toMatchObject({ product_id: 4, match: 'part-number-prefix' });
  });

  it('lists the closest completion of a part-number prefix first', () => {
    expect(ids('33-23')).toEqual([1, 2]);
    expect(index.query('33-23').parts.map((p) => p.match)).toEqual(['part-number-prefix', 'part-number-prefix']);
    expect(ids('k750')[0]).toBe(7);
  });

  it('ranks every brand sharing an exact part number first, by name', () => {
    const r = index.query('6619');
    expect(r.parts.slice(0, 2).map((p) => [p.product_id, p.match])).toEqual([
      [6, 'part-number'],
      [5, 'part-number'],
    ]);
  });

  it('finds a scanned barcode exactly', () => {
    expect(index.query('700000123456').parts[0]).toMatchObject({ product_id: 1, match: 'part-number' });
  });
});

describe('words', () => {
  it('matches every term as a prefix (AND)', () => {
    expect(ids('k&n high')).toEqual([2]);
    expect(ids('k&n shock')).toEqual([]);
    expect(ids('bilst mono')).toEqual([3]);
  });

  it('accepts brand spellings with or without punctuation', () => {
    for (const q of ['k&n', 'kn', 'k n', 'K & N']) expect(ids(q)).toEqual(expect.arrayContaining([1, 2]));
    for (const q of ['fel-pro', 'felpro', 'fel pro']) expect(ids(q)).toEqual([9]);
  });

  it('ranks parts by name when every term is in the name', () => {
    expect(ids('air filter')).toEqual([10, 1, 2]);
    expect(index.query('air filter').parts.every((p) => p.match === 'name')).toBe(true);
  });

  it('ranks matches through brand, series or category after matches in the name', () => {
    const r = index.query('motorcraft air');
    expect(r.parts).toHaveLength(1);
    expect(r.parts[0]).toMatchObject({ product_id: 10, match: 'any-field' });
    // 'engine' is in product 10's name, and only a category of the others.
    expect(ids('engine')[0]).toBe(10);
    expect(
      index
        .query('engine')
        .parts.slice(1)
        .every((p) => p.match === 'any-field'),
    ).toBe(true);
  });

  it('ranks part-number matches before word matches', () => {
    const r = index.query('k');
    expect(r.parts[0]).toMatchObject({ product_id: 7, match: 'part-number-prefix' });
    expect(r.parts.slice(1).map((p) => p.product_id)).toEqual(expect.arrayContaining([1, 2]));
  });

  it('folds accents and case in the query', () => {
    expect(ids('BILSTÉIN')).toEqual([3]);
  });

  it('answers nothing for an empty query', () => {
    expect(index.query('  -  ')).toMatchObject({ parts: [], total: 0, categories: [], series: [], brands: [] });
  });
});

describe('limit and sections', () => {
  it('returns at most `limit` parts and the full count', () => {
    const r = index.query('engine', { limit: 2 });
    expect(r.parts).toHaveLength(2);
    expect(r.total).toBe(7);
    expect(index.query('engine').parts).toHaveLength(7);
  });

  it('lists categories, series and brands of the matches with counts', () => {
    const r = index.query('spark');
    expect(r.categories[0]).toEqual({ id: 12, name: 'Spark Plugs', count: 2, nameMatches: true });
    expect(r.categories).toContainEqual({ id: 1, name: 'Engine', count: 2, nameMatches: false });
    expect(r.brands.map((b) => [b.name, b.count])).toEqual([
      ['Denso', 1],
      ['NGK', 1],
    ]);
    expect(r.series.map((s) => s.name).sort()).toEqual(['Iridium TT', 'Laser Iridium']);
  });

  it('puts values whose own name matches before bigger ones that only hold matches', () => {
    const r = index.query('problem');
    expect(r.series[0]).toMatchObject({ name: 'Problem Solver', nameMatches: true });
    const air = index.query('air');
    expect(air.categories.map((c) => c.name)).toEqual(['Air Filters', 'Engine']);
    expect(air.categories[1]!.count).toBe(3);
  });

  it('caps each section', () => {
    expect(index.query('e', { sectionLimit: 1 }).categories).toHaveLength(1);
  });
});
