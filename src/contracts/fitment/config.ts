/** GET /ymm/json/config: the settings the storefront's fitment form and add-to-cart guard need (storefront.md §3, §7). */
import { z } from 'zod';

const hexColour = z
  .string()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i)
  .nullable()
  .catch(null);

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
  /** §3 "design colours for form, text, button, hover and glow": #rgb/#rrggbb, or null for the theme's. */
  design: z
    .object({ form: hexColour, text: hexColour, button: hexColour, hover: hexColour, glow: hexColour })
    .catch({ form: null, text: null, button: null, hover: null, glow: null }),
});
export type FitmentConfig = z.infer<typeof fitmentConfigSchema>;
