import { describe, expect, it } from 'vitest';
import {
  MAX_PARTS_PARAM,
  MAX_PARTS_PER_CALL,
  judgePart,
  partsParamSchema,
  sortChoices,
  type FitmentRow,
  type PartFacts,
} from '../../../src/domain/fitment';
import { makeFacet, type FacetKey, type Facets } from '../../../src/domain/fitment-facets';

const F150 = { make: { id: 2, name: 'Ford' }, model: { id: 20, name: 'F-150' } };
const XLT = { id: 5, name: 'XLT' };
const LARIAT = { id: 6, name: 'Lariat' };
const KING = { id: 7, name: 'King Ranch' };
const COYOTE = { mfr: { id: 1, name: 'Ford' }, family: { id: 11, name: 'Coyote' }, size: { id: 111, name: '5.0L V8' } };
const ECOBOOST = {
  mfr: { id: 1, name: 'Ford' },
  family: { id: 12, name: 'EcoBoost' },
  size: { id: 121, name: '3.5L V6' },
};

function row(over: Partial<FitmentRow> = {}): FitmentRow {
  return {
    yearFrom: 2015,
    yearTo: 2020,
    ...F150,
    subModel: null,
    bodyType: null,
    bedLength: null,
    engine: null,
    notes: null,
    ...over,
  };
}
const part = (rows: FitmentRow[], over: Partial<PartFacts> = {}): PartFacts => ({
  known: true,
  universal: false,
  hasFitmentData: true,
  rows,
  ...over,
});

const ymm = (year = 2018, make = F150.make, model = F150.model): Facets => ({
  Year: makeFacet('Year', year, String(year)),
  MakeID: makeFacet('MakeID', make.id, make.name),
  ModelID: makeFacet('ModelID', model.id, model.name),
});
const withSub = (f: Facets, sub: { id: number; name: string }): Facets => ({
  ...f,
  SubModelID: makeFacet('SubModelID', sub.id, sub.name),
});
const engine = (e: typeof COYOTE, levels = 3): Facets => {
  const f: Facets = { EngineMfrID: makeFacet('EngineMfrID', e.mfr.id, e.mfr.name) };
  if (levels > 1) f.EngineFamilyID = makeFacet('EngineFamilyID', e.family.id, e.family.name);
  if (levels > 2) f.EngineSizeID = makeFacet('EngineSizeID', e.size.id, e.size.name);
  return f;
};

describe('judgePart: the result', () => {
  it('unknown when the part is not in the catalog, whatever the vehicle', () => {
    expect(judgePart(part([row()], { known: false }), ymm())).toMatchObject({
      result: 'unknown',
      choices: [],
      name: '',
    });
  });

  it('universal for a universal product, even with no vehicle', () => {
    expect(judgePart(part([], { universal: true, hasFitmentData: false }), {}).result).toBe('universal');
  });

  it('unknown when the catalog has no fitment data at all for the part', () => {
    expect(judgePart(part([], { hasFitmentData: false }), ymm()).result).toBe('unknown');
  });

  it('yes when a row matches every constraint it carries', () => {
    expect(judgePart(part([row({ notes: 'Without tow package' })]), ymm())).toEqual({
      result: 'yes',
      choices: [],
      label: '',
      name: '',
      notes: ['Without tow package'],
    });
  });

  it('no when no row fits the year, make or model', () => {
    expect(judgePart(part([row()]), ymm(2021)).result).toBe('no');
    expect(
      judgePart(part([row()]), ymm(2018, { id: 3, name: 'Chevrolet' }, { id: 30, name: 'Silverado 1500' })).result,
    ).toBe('no');
    expect(judgePart(part([]), ymm()).result).toBe('no'); // has data, none for this vehicle
  });

  it('year ranges are inclusive at both ends', () => {
    expect(judgePart(part([row()]), ymm(2015)).result).toBe('yes');
    expect(judgePart(part([row()]), ymm(2020)).result).toBe('yes');
    expect(judgePart(part([row()]), ymm(2014)).result).toBe('no');
  });

  it('maybe when rows for the vehicle need a sub model, listing those sub models by label', () => {
    const j = judgePart(
      part([row({ subModel: XLT, notes: 'Crew cab' }), row({ subModel: LARIAT }), row({ subModel: KING })]),
      ymm(),
    );
    expect(j).toEqual({
      result: 'maybe',
      name: 'SubModelID',
      label: 'Sub Model',
      choices: [
        { id: '7', label: 'King Ranch' },
        { id: '6', label: 'Lariat' },
        { id: '5', label: 'XLT' },
      ],
      notes: ['Crew cab'],
    });
  });

  it('maybe -> yes once the prompted facet is chosen; a different choice is no', () => {
    const p = part([row({ subModel: XLT })]);
    expect(judgePart(p, ymm()).result).toBe('maybe');
    expect(judgePart(p, withSub(ymm(), XLT)).result).toBe('yes');
    expect(judgePart(p, withSub(ymm(), LARIAT)).result).toBe('no');
  });

  it('a row without a sub model fits every sub model (yes beats maybe)', () => {
    const p = part([row({ subModel: XLT }), row({ notes: 'All trims' })]);
    expect(judgePart(p, ymm())).toMatchObject({ result: 'yes', notes: ['All trims'] });
  });

  it('asks for facets in form order: sub model, body type, bed length, then the engine', () => {
    const p = part([row({ bedLength: { id: 3, name: '6.5 ft' }, engine: COYOTE })]);
    expect(judgePart(p, ymm()).name).toBe('BedLengthID');
    const withBed = { ...ymm(), BedLengthID: makeFacet('BedLengthID', 3, '6.5 ft') };
    expect(judgePart(p, withBed)).toMatchObject({
      result: 'maybe',
      name: 'EngineMfrID',
      label: 'Manufacturer',
      choices: [{ id: '1', label: 'Ford' }],
    });
    expect(judgePart(p, { ...withBed, ...engine(COYOTE, 1) }).name).toBe('EngineFamilyID');
    expect(judgePart(p, { ...withBed, ...engine(COYOTE) }).result).toBe('yes');
    expect(judgePart(p, { ...withBed, ...engine(ECOBOOST) }).result).toBe('no');
    expect(judgePart(part([row({ bodyType: { id: 4, name: 'SuperCrew' } })]), ymm()).name).toBe('BodyTypeID');
  });

  it('with no vehicle a part with fitment data is maybe, asking for a year, newest first', () => {
    const j = judgePart(
      part([row({ yearFrom: 2018, yearTo: 2019 }), row({ yearFrom: 2016, yearTo: 2016, notes: 'n' })]),
      {},
    );
    expect(j).toEqual({
      result: 'maybe',
      name: 'Year',
      label: 'Year',
      choices: ['2019', '2018', '2016'].map((y) => ({ id: y, label: y })),
      notes: ['n'],
    });
  });

  it('a partial year/make/model asks for the next of them', () => {
    const year = { Year: makeFacet('Year', 2018, '2018') };
    expect(judgePart(part([row()]), year)).toMatchObject({
      result: 'maybe',
      name: 'MakeID',
      choices: [{ id: '2', label: 'Ford' }],
    });
    expect(judgePart(part([row()]), { ...year, MakeID: makeFacet('MakeID', 2, 'Ford') }).name).toBe('ModelID');
  });

  it('engine only: a row naming that engine fits whatever its year/make/model', () => {
    const p = part([row({ engine: COYOTE, notes: 'Coyote only' })]);
    expect(judgePart(p, engine(COYOTE))).toMatchObject({ result: 'yes', notes: ['Coyote only'] });
    expect(judgePart(p, engine(ECOBOOST)).result).toBe('no');
    expect(judgePart(p, engine(COYOTE, 2))).toMatchObject({
      result: 'maybe',
      name: 'EngineSizeID',
      choices: [{ id: '111', label: '5.0L V8' }],
    });
  });

  it('engine only: rows without an engine stay open, the engine selects asked first', () => {
    const p = part([row(), row({ engine: COYOTE })]);
    expect(judgePart(part([row()]), engine(COYOTE))).toMatchObject({ result: 'maybe', name: 'Year' });
    expect(judgePart(p, engine(COYOTE, 1)).name).toBe('EngineFamilyID');
  });

  it('year/make/model and engine together must both hold', () => {
    const p = part([row({ engine: COYOTE })]);
    expect(judgePart(p, { ...ymm(), ...engine(COYOTE) }).result).toBe('yes');
    expect(judgePart(p, { ...ymm(2021), ...engine(COYOTE) }).result).toBe('no');
  });

  it('notes are trimmed, de-duplicated and empty ones dropped', () => {
    const p = part([
      row({ notes: ' Fits 4WD ' }),
      row({ notes: 'Fits 4WD' }),
      row({ notes: '  ' }),
      row({ notes: 'Steel' }),
    ]);
    expect(judgePart(p, ymm()).notes).toEqual(['Fits 4WD', 'Steel']);
  });

  it('rows that conflict with the vehicle never change the answer (the server may send a superset)', () => {
    const rng = mulberry(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
    const subs = [null, XLT, LARIAT, KING];
    const engines = [null, COYOTE, ECOBOOST];
    const randomRow = (): FitmentRow => {
      const from = 2010 + Math.floor(rng() * 10);
      return row({
        yearFrom: from,
        yearTo: from + Math.floor(rng() * 4),
        subModel: pick(subs),
        engine: pick(engines),
        notes: pick([null, 'a', 'b']),
      });
    };
    const vehicles: Facets[] = [
      {},
      ymm(2014),
      ymm(2016),
      withSub(ymm(2012), XLT),
      { ...ymm(2017), ...engine(COYOTE) },
      engine(ECOBOOST),
      engine(COYOTE, 1),
    ];
    for (let i = 0; i < 300; i++) {
      const rows = Array.from({ length: 1 + Math.floor(rng() * 5) }, randomRow);
      const vehicle = pick(vehicles);
      const base = judgePart(part(rows), vehicle);
      const otherModel = rows.map((r) => ({ ...r, model: { id: 99, name: 'Ranger' } }));
      const widened = judgePart(part([...rows, ...otherModel].sort(() => rng() - 0.5)), vehicle);
      if (vehicle.ModelID)
        expect({ ...widened, notes: [...widened.notes].sort() }).toEqual({ ...base, notes: [...base.notes].sort() });
      expect(['yes', 'no', 'maybe']).toContain(base.result);
      if (base.result === 'maybe') {
        expect(base.choices.length).toBeGreaterThan(0);
        // Every offered choice keeps the part from being 'no'.
        for (const c of base.choices) {
          const next = judgePart(part(rows), {
            ...vehicle,
            [base.name]: makeFacet(base.name as FacetKey, Number(c.id), c.label),
          });
          expect(next.result).not.toBe('no');
        }
      }
    }
  });
});

describe('sortChoices', () => {
  it('years newest first; other facets by label, naturally, case-insensitively', () => {
    expect(
      sortChoices('Year', [
        { id: '2001', label: '2001' },
        { id: '2019', label: '2019' },
      ]).map((c) => c.id),
    ).toEqual(['2019', '2001']);
    const beds = [
      { id: '1', label: '8 ft' },
      { id: '2', label: '6.5 ft' },
      { id: '3', label: '10 ft' },
      { id: '4', label: 'short' },
      { id: '0', label: 'Short' },
    ];
    expect(sortChoices('BedLengthID', beds).map((c) => c.label)).toEqual(['6.5 ft', '8 ft', '10 ft', 'Short', 'short']);
  });
});

describe('partsParamSchema', () => {
  const ok = (s: string) => partsParamSchema.parse(s);
  const err = (s: unknown) => {
    const r = partsParamSchema.safeParse(s);
    expect(r.success).toBe(false);
    return r.error!.issues[0]!.message;
  };

  it('splits {aaia}~{mpn} pairs, keeping order, dropping repeats and empty segments', () => {
    expect(ok('BBWW~33-2304, KNFL~HP-1010,BBWW~33-2304,')).toEqual([
      { aaia: 'BBWW', mpn: '33-2304' },
      { aaia: 'KNFL', mpn: 'HP-1010' },
    ]);
  });

  it('takes everything after the first ~ as the part number', () => {
    expect(ok('ABCD~X~1')).toEqual([{ aaia: 'ABCD', mpn: 'X~1' }]);
  });

  it('refuses missing, empty, malformed, too many and over-long values with a clear message', () => {
    expect(err(undefined)).toMatch(/Parts is required/);
    expect(err('')).toMatch(/at least one part/);
    expect(err(' , ,')).toMatch(/at least one part/);
    expect(err('BBWW-33-2304')).toMatch(/"BBWW-33-2304" is not a part/);
    expect(err('~33')).toMatch(/not a part/);
    expect(err('BBWW~')).toMatch(/not a part/);
    expect(err(`BBWW~${'9'.repeat(65)}`)).toMatch(/not a part/);
    expect(err(Array.from({ length: MAX_PARTS_PER_CALL + 1 }, (_, i) => `A~${i}`).join(','))).toMatch(
      /At most 100 parts/,
    );
    expect(err('A~1,'.repeat(MAX_PARTS_PARAM))).toMatch(/too long/);
    expect(err(['A~1', 'B~2'])).toMatch(/Parts is required/);
  });

  it('accepts exactly 100 parts', () => {
    expect(ok(Array.from({ length: MAX_PARTS_PER_CALL }, (_, i) => `ABCD~${i}`).join(','))).toHaveLength(100);
  });
});

function mulberry(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
