/** catalogDetails (/ymm/json/, storefront.md §7): how many series, categories and makers fit, with their links. */
import { z } from 'zod';

const formId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? 0 : v),
  z.coerce.number().int().min(0).max(2_147_483_647),
);
export const catalogDetailsBodySchema = z.object({
  product_id: formId,
  aaia: z.string().max(64).default(''),
  mpn: z.string().max(128).default(''),
  category_id: formId,
  manufacturer_id: formId,
  series_id: formId,
});
export type CatalogDetailsBody = z.infer<typeof catalogDetailsBodySchema>;

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
