/**
 * The fitment form's option lists (/ymm/json/, storefront.md §3 "Vehicle option lists", §7): years,
 * makes, models, the sub-model/body/bed choices, engine manufacturers, families and sizes.
 */
import { z } from 'zod';
import { FACET_KEYS } from '../../domain/fitment-facets';
import { idParam, optionalId, yearParam } from './query-params';

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
export const engineSizesQuerySchema = z.object({
  EngineMfrID: idParam('EngineMfrID'),
  EngineFamilyID: idParam('EngineFamilyID'),
});

/** Years, newest first; the client reads them as strings (a select's values). */
export const yearsReplySchema = z.array(z.union([z.number(), z.string()]).transform(String));

const makeOptionSchema = z.object({
  MakeID: z.number(),
  MakeName: z.string(),
  /** True only when ymm_popular_sort is on and the make is popular; popular rows come first. */
  is_popular: z.boolean(),
});
export type MakeOption = z.infer<typeof makeOptionSchema>;
export const makesReplySchema = z.array(makeOptionSchema);

const modelOptionSchema = z.object({ ModelID: z.number(), ModelName: z.string(), is_popular: z.boolean() });
export type ModelOption = z.infer<typeof modelOptionSchema>;
export const modelsReplySchema = z.array(modelOptionSchema);

const choiceSchema = z.object({ id: z.string(), label: z.string() });
const choiceListSchema = z.object({
  /** id -> label, as the spec names it. JS objects order integer keys numerically: use `options` for display order. */
  choices: z.record(z.string(), z.string()),
  /** The same values in display order (by label). */
  options: z.array(choiceSchema),
  label: z.string(),
  name: z.enum(FACET_KEYS),
});
export type ChoiceList = z.infer<typeof choiceListSchema>;
export const choicesReplySchema = z.partialRecord(
  z.enum(['SubModelID', 'BodyTypeID', 'BedLengthID']),
  choiceListSchema,
);
export type ChoicesReply = z.infer<typeof choicesReplySchema>;

const engineMfrOptionSchema = z.object({ EngineMfrID: z.number(), EngineMfrName: z.string() });
export type EngineMfrOption = z.infer<typeof engineMfrOptionSchema>;
export const engineMfrsReplySchema = z.array(engineMfrOptionSchema);

const engineFamilyOptionSchema = z.object({ EngineFamilyID: z.number(), EngineFamilyName: z.string() });
export type EngineFamilyOption = z.infer<typeof engineFamilyOptionSchema>;
export const engineFamiliesReplySchema = z.array(engineFamilyOptionSchema);

const engineSizeOptionSchema = z.object({ EngineSizeID: z.number(), EngineSizeName: z.string() });
export type EngineSizeOption = z.infer<typeof engineSizeOptionSchema>;
export const engineSizesReplySchema = z.array(engineSizeOptionSchema);
