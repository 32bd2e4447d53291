/**
 * Does a part fit the shopper's vehicle? (storefront.md §3 "Part (fitment)", §4 "Part validation")
 * Pure: the server loads a part's fitment rows and calls `judgePart`; a device with the catalog
 * cached can call the same function on the same rows offline.
 *
 * A fitment row is a set of constraints (year range, make, model, and optionally sub model, body
 * type, bed length, engine). Against the vehicle's facets a row either
 * - conflicts: some constraint names a facet the vehicle has with another value;
 * - matches: no conflict and every constrained facet is chosen;
 * - is open: no conflict, but it constrains facets not chosen yet.
 * Result: universal (the product says so) > unknown (not in the catalog, or no fitment data at all)
 * > yes (a row matches) > maybe (a row is open: `choices` lists the values of the next facet to ask
 * for) > no. With no vehicle at all every row is open, so a part with fitment data is 'maybe' and
 * the card reads 'Select Vehicle' (§2 Product card).
 *
 * Engine lookup: a vehicle chosen by engine only (no year/make/model facet) matches a row that
 * names that engine whatever the row's year/make/model; rows without an engine stay open on Year.
 * The rows given may be any superset of the rows that do not conflict (the server narrows by
 * make/model/year in SQL); rows that conflict never change the answer.
 */
import { z } from 'zod';
import { ENGINE_KEYS, FACET_KEYS, FACET_LABELS, YMM_KEYS, facetId, type FacetKey, type Facets } from './fitment-facets';

export const FITMENT_RESULTS = ['yes', 'no', 'maybe', 'unknown', 'universal'] as const;
export type FitmentResult = (typeof FITMENT_RESULTS)[number];

export interface Ref {
  id: number;
  name: string;
}

export interface FitmentRow {
  yearFrom: number;
  yearTo: number;
  make: Ref;
  model: Ref;
  subModel: Ref | null;
  bodyType: Ref | null;
  bedLength: Ref | null;
  /** The engine configuration's three parts, or null when the row fits any engine. */
  engine: { mfr: Ref; family: Ref; size: Ref } | null;
  notes: string | null;
}

export interface PartFacts {
  /** The part is in the catalog. */
  known: boolean;
  universal: boolean;
  /** The part has any fitment row at all (for any vehicle); false means the catalog cannot say. */
  hasFitmentData: boolean;
  rows: readonly FitmentRow[];
}

/** One value the shopper can pick to settle a 'maybe'; `id` is the facet's api_value. */
export interface FitmentChoice {
  id: string;
  label: string;
}

export interface PartJudgement {
  result: FitmentResult;
  /** For 'maybe': the values of facet `name` that keep a row open, years descending, others by label. */
  choices: FitmentChoice[];
  /** Facet label ('Sub Model') of the choices; '' unless 'maybe'. */
  label: string;
  /** Facet key ('SubModelID') of the choices; '' unless 'maybe'. */
  name: FacetKey | '';
  /** Distinct notes of the rows that match ('yes') or are open ('maybe'). */
  notes: string[];
}

type Constraint = { key: FacetKey; test: (id: number) => boolean; value: () => FitmentChoice[] };

const one = (key: FacetKey, ref: Ref): Constraint => ({
  key,
  test: (id) => id === ref.id,
  value: () => [{ id: String(ref.id), label: ref.name }],
});

function constraintsOf(row: FitmentRow, waiveYmm: boolean): Constraint[] {
  const out: Constraint[] = [];
  if (!(waiveYmm && row.engine)) {
    out.push({
      key: 'Year',
      test: (y) => y >= row.yearFrom && y <= row.yearTo,
      value: () => {
        const years: FitmentChoice[] = [];
        for (let y = row.yearFrom; y <= row.yearTo; y++) years.push({ id: String(y), label: String(y) });
        return years;
      },
    });
    out.push(one('MakeID', row.make), one('ModelID', row.model));
  }
  if (row.subModel) out.push(one('SubModelID', row.subModel));
  if (row.bodyType) out.push(one('BodyTypeID', row.bodyType));
  if (row.bedLength) out.push(one('BedLengthID', row.bedLength));
  if (row.engine) {
    out.push(
      one('EngineMfrID', row.engine.mfr),
      one('EngineFamilyID', row.engine.family),
      one('EngineSizeID', row.engine.size),
    );
  }
  return out;
}

const ENGINE_FIRST: readonly FacetKey[] = [
  ...ENGINE_KEYS,
  ...FACET_KEYS.filter((k) => !(ENGINE_KEYS as readonly string[]).includes(k)),
];

const verdict = (result: FitmentResult, notes: string[] = []): PartJudgement => ({
  result,
  choices: [],
  label: '',
  name: '',
  notes,
});

export function judgePart(part: PartFacts, facets: Facets): PartJudgement {
  if (!part.known) return verdict('unknown');
  if (part.universal) return verdict('universal');
  if (!part.hasFitmentData) return verdict('unknown');

  const engineMode = YMM_KEYS.every((k) => !facets[k]) && ENGINE_KEYS.some((k) => facets[k]);
  const chosen = new Map<FacetKey, number>();
  for (const k of FACET_KEYS) {
    const f = facets[k];
    if (f) chosen.set(k, facetId(f));
  }

  const matched: FitmentRow[] = [];
  const open: { row: FitmentRow; missing: Constraint[] }[] = [];
  for (const row of part.rows) {
    const cs = constraintsOf(row, engineMode);
    const missing: Constraint[] = [];
    let conflict = false;
    for (const c of cs) {
      const id = chosen.get(c.key);
      if (id === undefined) missing.push(c);
      else if (!c.test(id)) {
        conflict = true;
        break;
      }
    }
    if (conflict) continue;
    if (missing.length === 0) matched.push(row);
    else open.push({ row, missing });
  }

  if (matched.length) return verdict('yes', notesOf(matched));
  if (!open.length) return verdict('no');

  // Ask for the first facet (in form order) that some open row still needs; in engine mode the
  // engine selects come first, since that is the form the shopper is using.
  const order = engineMode ? ENGINE_FIRST : FACET_KEYS;
  const name = order.find((k) => open.some((o) => o.missing.some((c) => c.key === k)))!;
  const byId = new Map<string, FitmentChoice>();
  for (const o of open) {
    for (const c of o.missing) if (c.key === name) for (const v of c.value()) byId.set(v.id, v);
  }
  return {
    result: 'maybe',
    choices: sortChoices(name, [...byId.values()]),
    label: FACET_LABELS[name],
    name,
    notes: notesOf(open.map((o) => o.row)),
  };
}

/** A facet whose values have names in the vehicle tables (every facet but Year). */
export type NamedFacet = Exclude<FacetKey, 'Year'>;

/** Where each facet's names live: table and id column, on the server and in a device's cache alike. */
export const FACET_NAME_TABLES: Readonly<Record<NamedFacet, readonly [table: string, id: string]>> = {
  MakeID: ['vehicle_makes', 'make_id'],
  ModelID: ['vehicle_models', 'model_id'],
  SubModelID: ['vehicle_submodels', 'sub_model_id'],
  BodyTypeID: ['vehicle_body_types', 'body_type_id'],
  BedLengthID: ['vehicle_bed_lengths', 'bed_length_id'],
  EngineMfrID: ['engine_manufacturers', 'engine_mfr_id'],
  EngineFamilyID: ['engine_families', 'engine_family_id'],
  EngineSizeID: ['engine_sizes', 'engine_size_id'],
};

/** The ids each facet's 'maybe' prompts show, to be named (a year is its own label). */
export function choiceIdsToName(judgements: readonly PartJudgement[]): Map<NamedFacet, Set<number>> {
  const wanted = new Map<NamedFacet, Set<number>>();
  for (const j of judgements) {
    if (j.result !== 'maybe' || j.name === '' || j.name === 'Year') continue;
    const ids = wanted.get(j.name) ?? new Set<number>();
    for (const c of j.choices) ids.add(Number(c.id));
    wanted.set(j.name, ids);
  }
  return wanted;
}

/**
 * Names the choices of 'maybe' judgements (judgePart leaves the labels rows carry, '' when rows
 * carry ids only) and puts them in display order. The server names them from its vehicle tables,
 * a device from its cached copies: the same rule on both sides.
 */
export function nameChoices(
  judgements: PartJudgement[],
  nameOf: (key: NamedFacet, id: number) => string | undefined,
): PartJudgement[] {
  return judgements.map((j) => {
    if (j.result !== 'maybe' || j.name === '' || j.name === 'Year') return j;
    const key = j.name;
    return {
      ...j,
      choices: sortChoices(
        key,
        j.choices.map((c) => ({ id: c.id, label: nameOf(key, Number(c.id)) ?? c.label })),
      ),
    };
  });
}

/** Years newest first; everything else by label (natural order, so '6.5 ft' < '8 ft'), then id. */
export function sortChoices(key: FacetKey, choices: FitmentChoice[]): FitmentChoice[] {
  if (key === 'Year') return [...choices].sort((a, b) => Number(b.id) - Number(a.id));
  return [...choices].sort((a, b) => collator.compare(a.label, b.label) || Number(a.id) - Number(b.id));
}

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

function notesOf(rows: readonly FitmentRow[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    const n = r.notes?.trim();
    if (n) seen.add(n);
  }
  return [...seen];
}

// ---- The Parts parameter: "{aaia}~{mpn},{aaia}~{mpn},..." ----

export const MAX_PARTS_PER_CALL = 100;
export const MAX_BRAND_CODE = 16;
export const MAX_PART_NUMBER = 64;
/** Room for 100 parts of the longest brand code and part number, with separators. */
export const MAX_PARTS_PARAM = MAX_PARTS_PER_CALL * (MAX_BRAND_CODE + MAX_PART_NUMBER + 2);

export interface PartRef {
  aaia: string;
  mpn: string;
}

/**
 * Parses `Parts`. Empty segments (a trailing comma) are skipped; a part listed twice is judged once.
 * The part number is everything after the first '~' (brand codes never contain one).
 */
export const partsParamSchema = z
  .string({ error: 'Parts is required: list parts as {brand code}~{part number}, separated by commas.' })
  .max(MAX_PARTS_PARAM, `Parts is too long (at most ${MAX_PARTS_PARAM} characters).`)
  .transform((raw, ctx): PartRef[] => {
    const segments = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (segments.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Parts must list at least one part as {brand code}~{part number}.' });
      return z.NEVER;
    }
    if (segments.length > MAX_PARTS_PER_CALL) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${MAX_PARTS_PER_CALL} parts can be validated in one call (got ${segments.length}).`,
      });
      return z.NEVER;
    }
    const parts = new Map<string, PartRef>();
    for (const s of segments) {
      const at = s.indexOf('~');
      const aaia = at < 0 ? '' : s.slice(0, at).trim();
      const mpn = at < 0 ? '' : s.slice(at + 1).trim();
      if (!aaia || !mpn || aaia.length > MAX_BRAND_CODE || mpn.length > MAX_PART_NUMBER) {
        ctx.addIssue({
          code: 'custom',
          message: `"${s.slice(0, 40)}" is not a part: write it as {brand code}~{part number}.`,
        });
        return z.NEVER;
      }
      parts.set(`${aaia}~${mpn}`, { aaia, mpn });
    }
    return [...parts.values()];
  });
