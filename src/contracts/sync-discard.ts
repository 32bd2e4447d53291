import { z } from 'zod';

/**
 * POST /sync/discard: staff discarded a conflict on a device (a mutation the server rejected) and
 * the server records it (table sync_discards, migration 0015-e). Staff only: a shopper gets 403,
 * a guest 401. The device sends it after the discard, or with its next sync when it was offline.
 */
export const discardRequestSchema = z.object({
  clientId: z.uuid(),
  /** The rejected mutation's id in that device's sequence. */
  mutationId: z.number().int().min(1),
  name: z.string().min(1).max(100),
  /** The args as the device held them (the server does not store a rejected mutation's args). */
  args: z.unknown(),
  /** Device time of the discard. */
  discardedAt: z.iso.datetime({ offset: true }),
});
export type DiscardRequest = z.infer<typeof discardRequestSchema>;

export const discardReplySchema = z.object({
  clientId: z.uuid(),
  mutationId: z.number().int(),
  /** Who the server recorded as discarding it (the first call's session user when repeated). */
  discardedBy: z.object({ kind: z.literal('staff'), id: z.string() }),
  /** Server time of the recorded discard. */
  discardedAt: z.string(),
});
export type DiscardReply = z.infer<typeof discardReplySchema>;
