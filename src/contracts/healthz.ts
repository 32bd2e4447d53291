import { z } from 'zod';

/** GET /healthz */
export const healthReplySchema = z.object({
  status: z.literal('ok'),
  engine: z.enum(['pglite', 'postgres']),
  /** Number of the newest applied migration (migrations are numbered 0001, 0002, ...). */
  schemaVersion: z.number().int(),
  protocolVersion: z.number().int(),
});
export type HealthReply = z.infer<typeof healthReplySchema>;
