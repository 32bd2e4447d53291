/** validateFitment (/ymm/json/, storefront.md §4, §7): does each part fit the shopper's vehicle? */
import { z } from 'zod';
import { facetItemSchema, facetsSchema } from '../../domain/fitment-facets';
import { FITMENT_RESULTS, partsParamSchema, type PartJudgement, type PartRef } from '../../domain/fitment';
import { blankIsAbsent } from './query-params';

export const validateFitmentQuerySchema = z.object({
  Parts: partsParamSchema,
  add: blankIsAbsent(facetItemSchema),
});

export const validatedPartSchema = z.object({
  BrandCode: z.string(),
  Part: z.string(),
  result: z.enum(FITMENT_RESULTS),
  choices: z.array(z.object({ id: z.string(), label: z.string() })),
  label: z.string(),
  name: z.string(),
  notes: z.array(z.string()),
});
export type ValidatedPart = z.infer<typeof validatedPartSchema>;

/** A part's entry of the reply: the part as asked, with its judgement (server and device offline alike). */
export function validatedPart(p: PartRef, j: PartJudgement): ValidatedPart {
  return {
    BrandCode: p.aaia,
    Part: p.mpn,
    result: j.result,
    choices: j.choices,
    label: j.label,
    name: j.name,
    notes: j.notes,
  };
}

export const validateFitmentReplySchema = z.object({
  parts: z.array(validatedPartSchema),
  vehicle: z.object({ label: z.string(), hasYmm: z.boolean(), hasEngine: z.boolean(), showUniversal: z.boolean() }),
  facets: facetsSchema,
});
export type ValidateFitmentReply = z.infer<typeof validateFitmentReplySchema>;
