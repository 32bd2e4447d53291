/**
 * Version of the wire contract between the PWA and the server. Bump on every incompatible change
 * and add a line below, so an old client can be told to reload instead of misreading a reply.
 *
 * Changelog
 * 1. First contract: session, health, product listing, order listing, errors.
 * 2. Sync: POST /sync/push (mutation batches, per-client ids, mutation_gap) and GET /sync/pull
 *    (cookie paging, tombstones, lastMutationId, needsFullSync); see sync-push.ts, sync-pull.ts.
 */
export const PROTOCOL_VERSION = 2;
