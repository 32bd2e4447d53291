/**
 * Replies of the vehicle fitment service (/ymm/json/, storefront.md §7) as the client checks them.
 * The server's query schemas stay in server/services/fitment/fitment-wire.ts; these mirror its reply types.
 */
import { z } from 'zod';
import { facetsSchema } from '../domain/fitment-facets';
import { FITMENT_RESULTS } from '../domain/fitment';

const choiceSchema = z.object({ id: z.string(), label: z.string() });

export const vehicleReplySchema = z.object({
  facets: facetsSchema,
  hasEngine: z.boolean(),
  hasYmm: z.boolean(),
  showUniversal: z.boolean(),
  label: z.string(),
});
export type VehicleReply = z.infer<typeof vehicleReplySchema>;

export const saveVehicleReplySchema = z.union([
  vehicleReplySchema.extend({ action: z.literal('saved'), redirect: z.string() }),
  z.object({ action: z.literal('reset') }),
]);
export type SaveVehicleReply = z.infer<typeof saveVehicleReplySchema>;

const hexColour = z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i).nullable().catch(null);

export const fitmentConfigSchema = z.object({
  ymm_enabled: z.boolean(),
  engine_family_enabled: z.boolean(),
  vehicle_lookup_enabled: z.boolean(),
  ymm_heading: z.string(),
  ymm_tab_label: z.string(),
  engine_family_tab_label: z.string(),
  ymm_page_refresh: z.boolean(),
  require_fitment_confirmation: z.boolean(),
  ymm_popular_sort: z.boolean(),
  enable_choices: z.boolean(),
  /** The form's design colours (§3), hex or null for the theme's own. */
  design: z
    .object({ form: hexColour, text: hexColour, button: hexColour, hover: hexColour, glow: hexColour })
    .catch({ form: null, text: null, button: null, hover: null, glow: null }),
});
export type FitmentConfig = z.infer<typeof fitmentConfigSchema>;

export const yearsReplySchema = z.array(z.union([z.number(), z.string()]).transform(String));
export const makesReplySchema = z.array(z.object({ MakeID: z.number(), MakeName: z.string(), is_popular: z.boolean() }));
export const modelsReplySchema = z.array(z.object({ ModelID: z.number(), ModelName: z.string(), is_popular: z.boolean() }));
const choiceListSchema = z.object({ choices: z.record(z.string(), z.string()), options: z.array(choiceSchema), label: z.string(), name: z.string() });
export const choicesReplySchema = z.partialRecord(z.enum(['SubModelID', 'BodyTypeID', 'BedLengthID']), choiceListSchema);
export type ChoicesReply = z.infer<typeof choicesReplySchema>;
export const engineMfrsReplySchema = z.array(z.object({ EngineMfrID: z.number(), EngineMfrName: z.string() }));
export const engineFamiliesReplySchema = z.array(z.object({ EngineFamilyID: z.number(), EngineFamilyName: z.string() }));
export const engineSizesReplySchema = z.array(z.object({ EngineSizeID: z.number(), EngineSizeName: z.string() }));

export const validatedPartSchema = z.object({
  BrandCode: z.string(),
  Part: z.string(),
  result: z.enum(FITMENT_RESULTS),
  choices: z.array(choiceSchema),
  label: z.string(),
  name: z.string(),
  notes: z.array(z.string()),
});
export type ValidatedPart = z.infer<typeof validatedPartSchema>;

export const validateFitmentReplySchema = z.object({
  parts: z.array(validatedPartSchema),
  vehicle: z.object({ label: z.string(), hasYmm: z.boolean(), hasEngine: z.boolean(), showUniversal: z.boolean() }),
  facets: facetsSchema,
});
export type ValidateFitmentReply = z.infer<typeof validateFitmentReplySchema>;

export const catalogDetailsReplySchema = z.object({
  aaia: z.string(),
  mpn: z.string(),
  catalogDetails: z.object({
    seriesCount: z.number(),
    categoryCount: z.number(),
    manufacturerCount: z.number(),
    seriesUrl: z.string(),
    categoryUrl: z.string(),
    manufacturerUrl: z.string(),
  }),
});
export type CatalogDetailsReply = z.infer<typeof catalogDetailsReplySchema>;
