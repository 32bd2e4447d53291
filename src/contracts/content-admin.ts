/**
 * The admin's content calls (docs/decisions/storefront.md "Content blocks"): list every block,
 * save one (its data checked against its kind's schema, src/contracts/content.ts), delete one, and
 * the `pos_locked` switch. Admin only (server/auth/permissions.ts 'content.edit').
 */
import { z } from 'zod';
import { CONTENT_KINDS } from './content';

export const CONTENT_PAGES = ['home', 'site'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const contentBlockSaveSchema = z.object({
  /** Absent: a new block. */
  id: id.optional(),
  page: z.enum(CONTENT_PAGES),
  kind: z.enum(CONTENT_KINDS),
  position: z.number().int().min(0).max(999),
  status: z.boolean(),
  data: z.unknown(),
});
export type ContentBlockSave = z.infer<typeof contentBlockSaveSchema>;

export const contentBlockIdSchema = z.object({ id });

export const contentSettingsSchema = z.object({ pos_locked: z.boolean() });

export const adminContentBlockSchema = z.object({
  id: z.number().int(),
  page: z.enum(CONTENT_PAGES),
  kind: z.enum(CONTENT_KINDS),
  position: z.number().int(),
  status: z.boolean(),
  data: z.unknown(),
});
export type AdminContentBlock = z.infer<typeof adminContentBlockSchema>;

export const adminContentReplySchema = z.object({
  blocks: z.array(adminContentBlockSchema),
  pos_locked: z.boolean(),
});
export type AdminContentReply = z.infer<typeof adminContentReplySchema>;
