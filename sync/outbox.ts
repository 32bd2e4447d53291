/**
 * The one write path for local changes (docs/style.md "One write path"): validate the args with the
 * domain schema, run the mutator on the cached records, write its changes and append the mutation
 * to the outbox, all in ONE Dexie transaction. A refusal writes nothing and queues nothing: staff
 * see the message at once, exactly as the server would have answered.
 *
 * requeueConflict retries a change the server rejected through the same path, as a NEW mutation
 * (ids are never reused: the server recorded the old one as rejected for good).
 */
import { refuse, type Refusal } from '../src/domain/refusal';
import type { StoreSettings } from '../src/domain/settings';
import { touchesOf, unsupportedChanges } from '../src/contracts/sync-records';
import { writeStores, type ConflictEntry, type PartsdeskDb } from '../src/db/database';
import { peekDeviceRef } from '../src/db/device-ref';
import { getMeta, setMeta } from '../src/db/meta';
import { loadState, writeChanges } from '../src/db/records';
import type { MutationRegistry } from './registry';

export interface MutateInput {
  name: string;
  args: unknown;
  /** Who is signed in; `token` is their staff token, stamped on the queued change (never on records). */
  actor: { id: string; role: string; token?: string | undefined };
  /** Device time, ISO. */
  now: string;
  settings: StoreSettings;
}

export type MutateResult = { ok: true; id: number } | Refusal;

export async function mutate(db: PartsdeskDb, registry: MutationRegistry, input: MutateInput): Promise<MutateResult> {
  const valid = registry.validate(input.name, input.args);
  if (!valid.ok) return valid;
  return db.transaction('rw', writeStores(db), async (): Promise<MutateResult> => {
    // An order created here without a reference takes the device's next one ("C2-0042") in this transaction
    // (a kiosk's Submit to Buy creates its order too).
    const numbered =
      (input.name === 'order.create' || input.name === 'kiosk.submitOrder') &&
      (valid.args as { device_ref?: unknown }).device_ref === null
        ? await peekDeviceRef(db)
        : null;
    const args = numbered ? { ...(valid.args as object), device_ref: numbered.ref } : valid.args;
    const state = await loadState(db, touchesOf(input.name, args));
    const actor = { id: input.actor.id, role: input.actor.role };
    const result = registry.run(input.name, state, args, { now: input.now, actor, settings: input.settings });
    if (!result.ok) return result;
    // Records this engine cannot store (a record kind newer than this build) must not be
    // queued: the server would hold the whole queue back (422) until it learns them.
    if (unsupportedChanges(result.changes).length)
      return refuse('invalid_args', `${input.name} cannot be saved by the sync engine yet.`);
    const id = await getMeta(db, 'nextMutationId');
    await writeChanges(db, result.changes, state);
    const token = input.actor.token ? { token: input.actor.token } : {};
    await db.outbox.add({ id, name: input.name, args, at: input.now, actor, ...token, status: 'pending' });
    await setMeta(db, 'nextMutationId', id + 1);
    await numbered?.take();
    return { ok: true, id };
  });
}

/**
 * Retries an open conflict: its name and args go through mutate() as a new outbox entry (validated,
 * applied at once on the device), and in the same Dexie transaction the conflict records who
 * retried, when, and the new id, which takes it off the open list. A local refusal (the order was
 * voided meanwhile, the balance is paid) writes nothing and leaves the conflict open.
 */
export async function requeueConflict(
  db: PartsdeskDb,
  registry: MutationRegistry,
  id: number,
  ctx: Omit<MutateInput, 'name' | 'args'>,
): Promise<MutateResult> {
  return db.transaction('rw', [...writeStores(db), db.conflicts], async (): Promise<MutateResult> => {
    const c: ConflictEntry | undefined = await db.conflicts.get(id);
    if (!c || c.seenAt !== null) return refuse('not_found', 'This rejected change was already dismissed or retried.');
    // A notice on an applied change (docs/decisions/sync.md "Customer edits merge by field"): the same args would meet the same field again.
    if (c.applied) return refuse('invalid_args', 'This change was saved; edit the record again to change it.');
    const result = await mutate(db, registry, { ...ctx, name: c.name, args: c.args });
    const seenBy = { id: ctx.actor.id, role: ctx.actor.role };
    if (result.ok) await db.conflicts.update(id, { seenAt: ctx.now, seenBy, retriedAs: result.id });
    return result;
  });
}
