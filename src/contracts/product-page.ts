import { z } from 'zod';
import { productSummarySchema } from './products-list';
import { blogPostPageSchema } from './blog-post';

/**
 * GET /api/products/page/{slug} — what a /{slug} link shows (storefront.md §2 "Routes and links":
 * a product or a brand; categories and blog items share the slug space). Under the spec's products client base
 * path /api/products/. An unknown slug is 404 not_found.
 */
export const productPageParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1, 'A product link is required.')
    .max(200, 'That product link is too long.')
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'That is not a product link.'),
});

const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const productOptionSchema = z.object({
  product_option_id: z.number().int(),
  name: z.string(),
  type: z.enum(['select', 'radio', 'checkbox', 'text']),
  required: z.boolean(),
  values: z.array(
    z.object({
      product_option_value_id: z.number().int(),
      name: z.string(),
      /** Price change of the value, e.g. "+12.00" shown as "(+$12.00)"; null when pricing is hidden. */
      price: money.nullable(),
      price_prefix: z.enum(['+', '-']),
    }),
  ),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

export const productComponentSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  part_number: z.string(),
  quantity: z.number().int(),
  link: z.string(),
});

/** §3 "Product": the listing fields plus what the product page needs. */
export const productDetailSchema = z.object({
  ...productSummarySchema.shape,
  short_name: z.string(),
  description: z.string(),
  minimum: z.number().int(),
  requires_options: z.boolean(),
  is_universal: z.boolean(),
  /** Price fields are null when prices need a login ('Login Required To View Price'). */
  price: money.nullable(),
  msrp: money.nullable(),
  unit_price: money.nullable(),
  original_unit_price: money.nullable(),
  /** The sale price when the product sells below its MSRP, else null. */
  special: money.nullable(),
  /** MSRP minus price when positive ("You Save"), else null. */
  instant_rebate: money.nullable(),
  price_login_required: z.boolean(),
  /**
   * Core charge per unit added at checkout and refunded when the old part comes back
   * (products.surcharge; docs/decisions/domain.md "Core charges"); null when none or prices are hidden.
   */
  core_charge: money.nullable(),
  /** Shown instead of the price when pricing is off; the spec's default is 'Product Unavailable'. */
  disable_pricing_notice: z.string(),
  /** Guests may check out (store setting); when false a guest gets the login link instead of Add. */
  guest_checkout: z.boolean(),
  logged_in: z.boolean(),
  labor: z
    .object({
      time: z.number().int(),
      data: z.object({
        title: z.string(),
        amount: money.nullable(),
        labor_id: z.number().int(),
        display_text: z.string(),
      }),
    })
    .nullable(),
  labor_price: money.nullable(),
  options: z.array(productOptionSchema),
  components: z.array(productComponentSchema),
  category_path: z.array(z.object({ category_id: z.number().int(), name: z.string(), link: z.string() })),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const brandPageSchema = z.object({
  manufacturer_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  link: z.string(),
});
export const categoryPageSchema = z.object({ category_id: z.number().int(), name: z.string(), link: z.string() });

export const productPageReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), product: productDetailSchema }),
  z.object({ kind: z.literal('brand'), brand: brandPageSchema }),
  z.object({ kind: z.literal('category'), category: categoryPageSchema }),
  // A blog item (§2 "/{url} : blog items"; docs/decisions/storefront.md "Blog post pages").
  z.object({ kind: z.literal('blog_post'), post: z.object({ ...blogPostPageSchema.shape }) }),
]);
export type ProductPageReply = z.infer<typeof productPageReplySchema>;
