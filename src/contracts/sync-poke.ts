import { z } from 'zod';

/**
 * GET /sync/poke?clientId=: a Server-Sent Events stream for staff devices (a shopper 403, a guest
 * 401). Each `event: poke` carries only the version of the server's newest change; the device
 * pulls when it is above its cookie. Sent once when the stream opens, then after every commit
 * (coalesced); a `: ping` comment every 25 s. 503 when the server holds too many streams: the
 * device retries later and syncs on its timer meanwhile. docs/decisions/sync.md "Poke".
 */
export const pokeQuerySchema = z.object({ clientId: z.uuid() });
export type PokeQuery = z.infer<typeof pokeQuerySchema>;

/** The `data:` of one `event: poke`. */
export const pokeEventSchema = z.object({ version: z.number().int().min(0) });
export type PokeEvent = z.infer<typeof pokeEventSchema>;
