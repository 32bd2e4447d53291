/**
 * The customer admin screen's Tags tab (pos-back-office.md §3 "Tag: tag_id, title; response has
 * customerTags, assignedTags, createTagUrl", §7 "GET /api/customer_tag/?customerId={id}; POST
 * /api/customer_tag/save?customerId={id} with tags"). customerTags: every tag the shop defined;
 * assignedTags: the ids this customer has (docs/decisions/pos.md "Customer IP addresses and tags").
 */
import { z } from 'zod';
import { MAX_TAGS, UNKNOWN_TAG } from '../domain/customer-tags';
import { requiredText } from '../domain/forms/messages';
import { customerIdParam } from './customer-ip';

/** §8. */
export const NO_TAGS = 'No customer tags have been created yet.';
export const CREATE_TAG = 'Create a tag';
export const TAGS_SAVED = 'Success: customer tags saved.';
export const TAG_CREATED = 'Success: tag created.';
export const TAG_TAKEN = 'A tag with this title already exists.';
export const TAG_TITLE_MAX = 64;
export { MAX_TAGS, UNKNOWN_TAG };

export const customerTagQuerySchema = z.object({ customerId: customerIdParam });

export const tagSchema = z.object({ tag_id: z.number().int(), title: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const customerTagReplySchema = z.object({
  customerTags: z.array(tagSchema),
  assignedTags: z.array(z.number().int()),
  createTagUrl: z.string(),
});
export type CustomerTagReply = z.infer<typeof customerTagReplySchema>;

const tagId = z.coerce
  .number({ error: UNKNOWN_TAG })
  .int(UNKNOWN_TAG)
  .min(1, UNKNOWN_TAG)
  .max(2_147_483_647, UNKNOWN_TAG);

/** `tags`: the ids to assign (the whole set: any other is removed); a form's `tags[]` or one value also accepted. */
export const customerTagSaveSchema = z.object({
  tags: z
    .union([z.array(tagId).max(MAX_TAGS, `At most ${MAX_TAGS} tags`), tagId.transform((t) => [t])])
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type CustomerTagSave = z.infer<typeof customerTagSaveSchema>;
export const customerTagSaveReplySchema = z.object({ success: z.string(), assignedTags: z.array(z.number().int()) });

export const tagTitleSchema = requiredText(1, TAG_TITLE_MAX);
export const tagCreateSchema = z.object({ title: tagTitleSchema });
export const tagCreateReplySchema = z.object({ success: z.string(), tag: tagSchema });

/** Where "Create a tag" goes: this customer's Tags tab with the Create a tag dialog open. */
export const createTagUrl = (customerNumber: number) =>
  `/pos/customer/edit?customer_id=${customerNumber}&tab=tags&create_tag=1`;
