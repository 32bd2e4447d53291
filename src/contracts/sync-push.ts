import { z } from 'zod';

/** Most mutations one push may carry: bounds the request and the time one client holds the server. */
export const MAX_PUSH_BATCH = 100;

/**
 * Mutations a device sends per push (sync/push.ts): well below MAX_PUSH_BATCH, so one batch of
 * slow mutations still gets its reply long before the device's request timeout (30 s, sync/transport.ts).
 */
export const PUSH_BATCH = 25;

/**
 * After this long a push stops taking the batch's next mutation and answers what it applied so far
 * (at least one); the rest stay queued on the device, which sends them in its next push
 * (server/sync/push-service.ts). A third of the device's request timeout: the reply always arrives.
 */
export const PUSH_DEADLINE_MS = 10_000;

/**
 * One queued change: `id` is the device's own sequence (1, 2, 3, ... per clientId, no gaps);
 * `at` is the device clock when staff made it: the server records the change at that time when it
 * is plausible, else at its own (server/sync/push-service.ts businessTime).
 */
export const pushMutationSchema = z.object({
  id: z.number().int().min(1),
  name: z.string().min(1).max(100),
  /** Checked by the server per mutation (server/sync/door.ts): missing or malformed args are that mutation's refusal, not a refused push. */
  args: z.unknown().optional(),
  at: z.iso.datetime({ offset: true }),
  /**
   * Who was signed in on the device when the change was made (additive; older clients omit it).
   * Recorded as the device's claim beside the session user that pushes it, whom the server trusts.
   */
  madeBy: z
    .object({
      id: z.string().min(1).max(100),
      role: z.string().min(1).max(40),
      /**
       * Their staff token from their sign-in on this device (additive): when present the server
       * checks it and records THAT staff member as the maker, running the change with their rights
       * (docs/decisions/sync.md "Staff tokens: who made a queued change").
       */
      token: z.string().min(1).max(1000).optional(),
    })
    .optional(),
});
export type PushMutation = z.infer<typeof pushMutationSchema>;

/**
 * A device's prefix ("C2"): a letter and up to 7 digits or letters, given by the server once; the
 * device numbers the orders it creates offline with it ("C2-0042", order.create's device_ref).
 */
export const devicePrefixSchema = z.string().regex(/^[A-Z][0-9A-Z]{0,7}$/);

/** POST /sync/push */
export const pushRequestSchema = z.object({
  clientId: z.uuid(),
  protocolVersion: z.number().int(),
  mutations: z.array(pushMutationSchema).max(MAX_PUSH_BATCH),
  /** The prefix this device already holds (protocol 2, additive): a restored server records it again. */
  devicePrefix: devicePrefixSchema.optional(),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/**
 * Outcome of one mutation. `skipped`: the id was already processed (a replay); `was` then says
 * what happened the first time, so a client whose earlier reply was lost still learns of a
 * rejection (code and message repeat the recorded ones).
 */
export const pushResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(['applied', 'skipped', 'rejected']),
  was: z.enum(['applied', 'rejected']).optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

/**
 * The server's sync epoch: a random id that changes only when its database is replaced by a
 * restored backup (docs/decisions/server.md "Server epoch, restore and retry"). Optional on the wire, so
 * replies of servers before it still parse and clients before it ignore it.
 */
export const syncEpochSchema = z.uuid();

/**
 * `results` may answer only the first mutations of the batch (the server's deadline,
 * PUSH_DEADLINE_MS): those not answered were not applied and are sent again.
 */
export const pushReplySchema = z.object({
  /** The server's last processed id for this client after the batch. */
  lastMutationId: z.number().int().min(0),
  results: z.array(pushResultSchema),
  epoch: syncEpochSchema.optional(),
  /** This device's prefix (absent from servers before it). */
  devicePrefix: devicePrefixSchema.optional(),
});
export type PushReply = z.infer<typeof pushReplySchema>;

/**
 * 409 when the batch does not continue the client's sequence (first id > last + 1): nothing in
 * the batch from the gap on is applied; the client resends from `expected`.
 */
export const mutationGapSchema = z.object({
  error: z.literal('mutation_gap'),
  message: z.string(),
  expected: z.number().int().min(1),
  lastMutationId: z.number().int().min(0),
  epoch: syncEpochSchema.optional(),
});
export type MutationGap = z.infer<typeof mutationGapSchema>;
