import { describe, expect, it } from 'vitest';
import {
  descendantsOf,
  facetItemSchema,
  facetsSchema,
  hasEngine,
  hasYmm,
  isEmptyVehicle,
  makeFacet,
  mergeFacets,
  orphanFacet,
  removeFacet,
  vehicleLabel,
  type Facets,
} from '../../../src/domain/fitment-facets';

const vehicle: Facets = {
  Year: makeFacet('Year', 2019, '2019'),
  MakeID: makeFacet('MakeID', 2, 'Ford'),
  ModelID: makeFacet('ModelID', 20, 'F-150'),
  SubModelID: makeFacet('SubModelID', 5, 'XLT'),
  BedLengthID: makeFacet('BedLengthID', 3, '6.5 ft'),
  EngineMfrID: makeFacet('EngineMfrID', 1, 'Ford'),
  EngineFamilyID: makeFacet('EngineFamilyID', 11, 'Coyote'),
  EngineSizeID: makeFacet('EngineSizeID', 111, '5.0L V8'),
};

describe('facets', () => {
  it('a facet carries api_field/api_value and the label the summary shows', () => {
    expect(makeFacet('SubModelID', 5, 'XLT')).toEqual({
      api_field: 'SubModelID',
      api_value: '5',
      label_field: 'Sub Model',
      label_value: 'XLT',
    });
    expect(facetsSchema.parse(vehicle)).toEqual(vehicle);
  });

  it('knows what depends on what', () => {
    expect(descendantsOf('Year')).toEqual(['MakeID', 'ModelID', 'SubModelID', 'BodyTypeID', 'BedLengthID']);
    expect(descendantsOf('EngineMfrID')).toEqual(['EngineFamilyID', 'EngineSizeID']);
    expect(descendantsOf('BodyTypeID')).toEqual([]);
  });

  it('removing a facet removes what depends on it and nothing else', () => {
    expect(Object.keys(removeFacet(vehicle, 'MakeID'))).toEqual([
      'Year',
      'EngineMfrID',
      'EngineFamilyID',
      'EngineSizeID',
    ]);
    expect(Object.keys(removeFacet(vehicle, 'EngineFamilyID'))).toEqual([
      'Year',
      'MakeID',
      'ModelID',
      'SubModelID',
      'BedLengthID',
      'EngineMfrID',
    ]);
    expect(Object.keys(removeFacet(vehicle, 'SubModelID'))).toHaveLength(7);
    expect(removeFacet({}, 'Year')).toEqual({});
  });

  it('a changed facet drops its descendants unless the same call sets them', () => {
    const newYear = mergeFacets(vehicle, [makeFacet('Year', 2020, '2020')]);
    expect(Object.keys(newYear)).toEqual(['Year', 'EngineMfrID', 'EngineFamilyID', 'EngineSizeID']);
    const wholeForm = mergeFacets(vehicle, [
      makeFacet('Year', 2020, '2020'),
      makeFacet('MakeID', 2, 'Ford'),
      makeFacet('ModelID', 20, 'F-150'),
    ]);
    expect(Object.keys(wholeForm)).toEqual([
      'Year',
      'MakeID',
      'ModelID',
      'EngineMfrID',
      'EngineFamilyID',
      'EngineSizeID',
    ]);
    expect(mergeFacets(vehicle, [makeFacet('Year', 2019, '2019')])).toEqual(vehicle); // same value keeps everything
    expect(mergeFacets({}, [makeFacet('BodyTypeID', 4, 'SuperCrew')])).toEqual({
      BodyTypeID: makeFacet('BodyTypeID', 4, 'SuperCrew'),
    });
  });

  it('finds a facet without its parent', () => {
    expect(orphanFacet(vehicle)).toBeNull();
    expect(orphanFacet({ ModelID: vehicle.ModelID, Year: vehicle.Year })).toBe('ModelID');
    expect(orphanFacet({ EngineSizeID: vehicle.EngineSizeID })).toBe('EngineSizeID');
  });

  it('flags and label', () => {
    expect([hasYmm(vehicle), hasEngine(vehicle), isEmptyVehicle(vehicle)]).toEqual([true, true, false]);
    expect([hasYmm({ Year: vehicle.Year }), hasEngine({}), isEmptyVehicle({})]).toEqual([false, false, true]);
    expect(vehicleLabel(vehicle)).toBe('2019 Ford F-150 XLT 6.5 ft Ford Coyote 5.0L V8');
    expect(vehicleLabel({})).toBe('');
  });
});

describe('facetItemSchema: field||id||label||encodedValue', () => {
  const ok = (s: string) => facetItemSchema.parse(s);
  const err = (s: string) => facetItemSchema.safeParse(s).error?.issues[0]?.message;

  it('parses the four parts, decoding the value', () => {
    expect(ok('MakeID||2||Make||Land%20Rover')).toEqual({ key: 'MakeID', id: 2, label: 'Make', value: 'Land Rover' });
    expect(ok('Year||2019')).toEqual({ key: 'Year', id: 2019, label: '', value: '' });
    expect(ok('SubModelID||5||Sub Model||A+B%7C%7CC')).toEqual({
      key: 'SubModelID',
      id: 5,
      label: 'Sub Model',
      value: 'A B||C',
    });
    expect(ok('BodyTypeID||4||Body||100%')).toMatchObject({ value: '100%' }); // not percent-encoded: kept
    expect(ok('ModelID||7||Model||a||b')).toMatchObject({ value: 'a||b' });
  });

  it('refuses unknown fields and ids that are not ids', () => {
    expect(err('Colour||1')).toMatch(/Unknown vehicle facet "Colour"/);
    expect(err('MakeID||abc')).toBe('MakeID must be a positive whole number.');
    expect(err('MakeID||0')).toBe('MakeID must be a positive whole number.');
    expect(err('MakeID||')).toBe('MakeID must be a positive whole number.');
    expect(err('MakeID||99999999999')).toBe('MakeID must be a positive whole number.');
    expect(err('Year||19')).toBe('Year must be a year.');
    expect(err(`MakeID||1||${'x'.repeat(700)}`)).toBe('A vehicle facet is too long.');
  });
});
