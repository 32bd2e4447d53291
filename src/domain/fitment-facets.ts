/**
 * The shopper's vehicle as facets (storefront.md §3 "Vehicle facets"): a map keyed by Year, MakeID,
 * ModelID, SubModelID, BodyTypeID, BedLengthID, EngineMfrID, EngineFamilyID, EngineSizeID, each
 * `{api_field, api_value, label_field, label_value}`.
 *
 * Invariant every function here keeps: a facet is present only when its parent is (Year <- MakeID
 * <- ModelID <- SubModelID/BodyTypeID/BedLengthID; EngineMfrID <- EngineFamilyID <- EngineSizeID).
 * Changing or removing a facet drops its descendants, because a model id chosen for 2019 Ford
 * means nothing once the year or make changes.
 */
import { z } from 'zod';
import { ymmChoiceSchema } from './forms/vehicle';

export const FACET_KEYS = [
  'Year',
  'MakeID',
  'ModelID',
  'SubModelID',
  'BodyTypeID',
  'BedLengthID',
  'EngineMfrID',
  'EngineFamilyID',
  'EngineSizeID',
] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/** Human label of each facet: the summary shows 'label: value', selects read 'Select a {label}'. */
export const FACET_LABELS: Readonly<Record<FacetKey, string>> = {
  Year: 'Year',
  MakeID: 'Make',
  ModelID: 'Model',
  SubModelID: 'Sub Model',
  BodyTypeID: 'Body Type',
  BedLengthID: 'Bed Length',
  EngineMfrID: 'Manufacturer',
  EngineFamilyID: 'Family',
  EngineSizeID: 'Size',
};

export const FACET_PARENT: Readonly<Record<FacetKey, FacetKey | null>> = {
  Year: null,
  MakeID: 'Year',
  ModelID: 'MakeID',
  SubModelID: 'ModelID',
  BodyTypeID: 'ModelID',
  BedLengthID: 'ModelID',
  EngineMfrID: null,
  EngineFamilyID: 'EngineMfrID',
  EngineSizeID: 'EngineFamilyID',
};

export const YMM_KEYS = ['Year', 'MakeID', 'ModelID'] as const satisfies readonly FacetKey[];
export const ENGINE_KEYS = ['EngineMfrID', 'EngineFamilyID', 'EngineSizeID'] as const satisfies readonly FacetKey[];

export const facetKeySchema = z.enum(FACET_KEYS);
export const facetSchema = ymmChoiceSchema;
export type Facet = z.infer<typeof facetSchema>;
export type Facets = Partial<Record<FacetKey, Facet>>;
export const facetsSchema = z.partialRecord(facetKeySchema, facetSchema);

/** The session vehicle: its facets and the 'Show Universal Parts' checkbox. */
export interface FitmentVehicle {
  facets: Facets;
  showUniversal: boolean;
}

export const hasYmm = (f: Facets): boolean => YMM_KEYS.every((k) => f[k] !== undefined);
export const hasEngine = (f: Facets): boolean => ENGINE_KEYS.every((k) => f[k] !== undefined);
export const isEmptyVehicle = (f: Facets): boolean => FACET_KEYS.every((k) => f[k] === undefined);

/** The numeric id a facet carries (a year is its own id). */
export const facetId = (f: Facet): number => Number(f.api_value);

export function makeFacet(key: FacetKey, id: number, label: string): Facet {
  return { api_field: key, api_value: String(id), label_field: FACET_LABELS[key], label_value: label };
}

/** Every facet below `key`, nearest first. */
export function descendantsOf(key: FacetKey): FacetKey[] {
  const out: FacetKey[] = [];
  const stack: FacetKey[] = [key];
  while (stack.length) {
    const parent = stack.shift()!;
    for (const k of FACET_KEYS) {
      if (FACET_PARENT[k] === parent) {
        out.push(k);
        stack.push(k);
      }
    }
  }
  return out;
}

/** Removes `key` and everything that depends on it. */
export function removeFacet(facets: Facets, key: FacetKey): Facets {
  const drop = new Set<FacetKey>([key, ...descendantsOf(key)]);
  const out: Facets = {};
  for (const k of FACET_KEYS) if (!drop.has(k) && facets[k]) out[k] = facets[k];
  return out;
}

/**
 * Sets each added facet on top of `current`. A facet whose value changes drops its descendants,
 * unless the same call sets them too (a whole form submitted at once keeps every field).
 */
export function mergeFacets(current: Facets, added: readonly Facet[]): Facets {
  let out: Facets = { ...current };
  const addedKeys = new Set(added.map((f) => f.api_field));
  for (const facet of added) {
    const key = facet.api_field as FacetKey;
    if (out[key]?.api_value !== facet.api_value) {
      for (const d of descendantsOf(key)) {
        if (!addedKeys.has(d)) out = { ...out, [d]: undefined };
      }
    }
    out[key] = facet;
  }
  return compact(out);
}

/** The first facet present without its parent, or null when the chain is whole. */
export function orphanFacet(facets: Facets): FacetKey | null {
  for (const k of FACET_KEYS) {
    const parent = FACET_PARENT[k];
    if (facets[k] && parent && !facets[parent]) return k;
  }
  return null;
}

/** '2019 Ford F-150 XLT' (plus the engine, when chosen); '' for no vehicle. */
export function vehicleLabel(facets: Facets): string {
  return FACET_KEYS.map((k) => facets[k]?.label_value ?? '')
    .filter((s) => s !== '')
    .join(' ');
}

function compact(f: Facets): Facets {
  const out: Facets = {};
  for (const k of FACET_KEYS) if (f[k]) out[k] = f[k];
  return out;
}

// ---- Wire items: "field||id||label||value" (saveVehicle addN, validateFitment add) ----

export const ITEM_SEPARATOR = '||';
const MAX_LABEL = 128;

/** A facet as a client sends it; the id is checked against the reference tables by the server. */
export interface FacetItem {
  key: FacetKey;
  id: number;
  label: string;
  value: string;
}

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const yearSchema = z.coerce.number().int().min(1900).max(2100);

/**
 * Parses `field||id||label||encodedValue` (storefront.md §7). The label and value are optional and
 * only advisory: the server replaces them with the reference tables' names, so a client cannot
 * save a vehicle labelled with text it made up.
 */
export const facetItemSchema = z
  .string()
  .max(600, 'A vehicle facet is too long.')
  .transform((raw, ctx): FacetItem => {
    const [field = '', id = '', label = '', ...rest] = raw.split(ITEM_SEPARATOR);
    const key = facetKeySchema.safeParse(field.trim());
    if (!key.success) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown vehicle facet "${field.slice(0, 40)}": use one of ${FACET_KEYS.join(', ')}.`,
      });
      return z.NEVER;
    }
    const parsedId = (key.data === 'Year' ? yearSchema : idSchema).safeParse(id.trim() === '' ? undefined : id.trim());
    if (!parsedId.success) {
      ctx.addIssue({
        code: 'custom',
        message: `${key.data} must be ${key.data === 'Year' ? 'a year' : 'a positive whole number'}.`,
      });
      return z.NEVER;
    }
    return {
      key: key.data,
      id: parsedId.data,
      label: label.slice(0, MAX_LABEL),
      value: decodeValue(rest.join(ITEM_SEPARATOR)).slice(0, MAX_LABEL),
    };
  });

function decodeValue(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s; // not percent-encoded after all: keep the text as sent
  }
}
