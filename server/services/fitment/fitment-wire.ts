/**
 * Query schemas and reply shapes of the vehicle fitment service (/ymm/json/, storefront.md §7).
 * They belong in src/contracts (one message per file) once the client API for fitment lands;
 * they are kept here, server-side, until then so the wire is defined in exactly one place.
 */
import { z } from 'zod';
import { FACET_KEYS, facetItemSchema, type FacetItem, type FacetKey, type Facets } from '../../../src/domain/fitment-facets';
import { partsParamSchema, type FitmentChoice, type FitmentResult } from '../../../src/domain/fitment';

/** A required id in a query string: missing and malformed values get their own message. */
const idParam = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .regex(/^\d{1,10}$/, `${name} must be a positive whole number.`)
    .transform(Number)
    .refine((n) => n > 0 && n <= 2_147_483_647, `${name} must be a positive whole number.`);

const yearParam = z
  .string({ error: 'Year is required.' })
  .trim()
  .min(1, 'Year is required.')
  .regex(/^\d{4}$/, 'Year must be a four-digit year.')
  .transform(Number);

/** An empty value means 'not chosen' (a form posts its empty selects too). */
const blankIsAbsent = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const optionalId = (name: string) => blankIsAbsent(idParam(name));

export const makesQuerySchema = z.object({ Year: yearParam });
export const modelsQuerySchema = z.object({ Year: yearParam, MakeID: idParam('MakeID') });
export const choicesQuerySchema = z.object({
  Year: yearParam,
  MakeID: idParam('MakeID'),
  ModelID: idParam('ModelID'),
  SubModelID: optionalId('SubModelID'),
  BodyTypeID: optionalId('BodyTypeID'),
  BedLengthID: optionalId('BedLengthID'),
});
export type ChoicesQuery = z.infer<typeof choicesQuerySchema>;
export const engineFamiliesQuerySchema = z.object({ EngineMfrID: idParam('EngineMfrID') });
export const engineSizesQuerySchema = z.object({ EngineMfrID: idParam('EngineMfrID'), EngineFamilyID: idParam('EngineFamilyID') });

export const validateFitmentQuerySchema = z.object({
  Parts: partsParamSchema,
  add: blankIsAbsent(facetItemSchema),
});

export const removeFacetQuerySchema = z.object({
  remove: z.enum(FACET_KEYS, { error: `remove must be one of ${FACET_KEYS.join(', ')}.` }),
});

/** At most one item per facet, so more than this many is a malformed call, not a vehicle. */
export const MAX_SAVE_ITEMS = FACET_KEYS.length;

/** saveVehicle: add1, add2, ... in their numeric order; no addN at all is the reset. */
export const saveVehicleQuerySchema = z
  .record(z.string(), z.unknown())
  .transform((q, ctx): FacetItem[] | null => {
    const keys = Object.keys(q)
      .filter((k) => /^add\d+$/.test(k))
      .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
    if (keys.length === 0) return null;
    if (keys.length > MAX_SAVE_ITEMS) {
      ctx.addIssue({ code: 'custom', message: `A vehicle has at most ${MAX_SAVE_ITEMS} facets.` });
      return z.NEVER;
    }
    const items: FacetItem[] = [];
    for (const k of keys) {
      const parsed = facetItemSchema.safeParse(q[k]);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: [k], message: parsed.error.issues[0]?.message ?? 'Invalid vehicle facet.' });
        return z.NEVER;
      }
      if (items.some((i) => i.key === parsed.data.key)) {
        ctx.addIssue({ code: 'custom', path: [k], message: `${parsed.data.key} is given twice.` });
        return z.NEVER;
      }
      items.push(parsed.data);
    }
    return items;
  });

const formId = z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), z.coerce.number().int().min(0).max(2_147_483_647));
export const catalogDetailsBodySchema = z.object({
  product_id: formId,
  aaia: z.string().max(64).default(''),
  mpn: z.string().max(128).default(''),
  category_id: formId,
  manufacturer_id: formId,
  series_id: formId,
});
export type CatalogDetailsBody = z.infer<typeof catalogDetailsBodySchema>;

// ---- Replies ----

export interface VehicleReply {
  facets: Facets;
  hasEngine: boolean;
  hasYmm: boolean;
  /** The 'Show Universal Parts' checkbox. */
  showUniversal: boolean;
  /** '2019 Ford F-150 XLT'; '' when no vehicle is chosen. */
  label: string;
}

export type SaveVehicleReply = ({ action: 'saved'; redirect: string } & VehicleReply) | { action: 'reset' };

export interface MakeOption {
  MakeID: number;
  MakeName: string;
  /** True only when ymm_popular_sort is on and the make is popular; popular rows come first. */
  is_popular: boolean;
}
export interface ModelOption {
  ModelID: number;
  ModelName: string;
  is_popular: boolean;
}
export interface ChoiceList {
  /** id -> label, as the spec names it. JS objects order integer keys numerically: use `options` for display order. */
  choices: Record<string, string>;
  /** The same values in display order (by label). */
  options: FitmentChoice[];
  label: string;
  name: FacetKey;
}
export type ChoicesReply = Partial<Record<'SubModelID' | 'BodyTypeID' | 'BedLengthID', ChoiceList>>;
export interface EngineMfrOption {
  EngineMfrID: number;
  EngineMfrName: string;
}
export interface EngineFamilyOption {
  EngineFamilyID: number;
  EngineFamilyName: string;
}
export interface EngineSizeOption {
  EngineSizeID: number;
  EngineSizeName: string;
}

export interface ValidatedPart {
  BrandCode: string;
  Part: string;
  result: FitmentResult;
  choices: FitmentChoice[];
  label: string;
  name: string;
  notes: string[];
}

export interface ValidateFitmentReply {
  parts: ValidatedPart[];
  vehicle: { label: string; hasYmm: boolean; hasEngine: boolean; showUniversal: boolean };
  facets: Facets;
}

export interface CatalogDetailsReply {
  aaia: string;
  mpn: string;
  catalogDetails: {
    seriesCount: number;
    categoryCount: number;
    manufacturerCount: number;
    seriesUrl: string;
    categoryUrl: string;
    manufacturerUrl: string;
  };
}
