import { z } from 'zod';
import { limitParam, pageParam } from './paging';

/**
 * GET /api/audit (admins only): the audit log, newest first (server/commands/audit.ts,
 * docs/decisions/server.md "Audit log"). `kind` narrows it to one kind of change.
 */
export const auditKinds = [
  'void',
  'price_override',
  'tax_exempt',
  'store_credit',
  'conflict_discard',
  'appointment',
] as const;

export const auditQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(50, 200),
  kind: z.enum(auditKinds).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(auditKinds),
  /** The mutation's name (cart.updatePrice, order.void, ...) or sync.discard. */
  action: z.string(),
  /** Who: the staff user the server trusted (the session of the push or call). */
  actor: z.object({ kind: z.string(), id: z.string(), role: z.string() }),
  /** The device (sync client) and its mutation id, for a pushed change; null for an HTTP call. */
  device: z.object({ clientId: z.string(), mutationId: z.number().int() }).nullable(),
  record: z.object({ table: z.string(), id: z.string() }),
  order_ref: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** When the change happened (the order's own time for an offline sale), and when the server recorded it. */
  at: z.string(),
  recorded_at: z.string(),
});
export type AuditEntryRow = z.infer<typeof auditEntrySchema>;

export const auditReplySchema = z.object({
  entries: z.array(auditEntrySchema),
  total_items: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditReply = z.infer<typeof auditReplySchema>;
