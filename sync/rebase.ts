/**
 * After a pull page: local state = server state + pending mutations. Every key an optimistic
 * mutation wrote (the `dirty` set) goes back to the server's copy in `base`, then the outbox
 * entries the server has NOT processed yet (id > lastMutationId) run again, in id order, on top.
 *
 * Entries with id <= lastMutationId are not re-run (the server state already holds their effect)
 * but stay in the outbox until a push reply names them: only that reply says whether they were
 * applied or rejected, and dropping them on the pull's word would hide a rejection from staff.
 * A pending mutation the mutator now refuses (someone voided the order meanwhile) simply has no
 * local effect; it stays queued and the server's answer decides.
 * Call inside the pull page's transaction (pullStores).
 */
import type { StoreSettings } from '../src/domain/settings';
import { touchesOf } from '../src/contracts/sync-records';
import type { PartsdeskDb } from '../src/db/database';
import { loadState, resetDirty, writeChanges } from '../src/db/records';
import type { MutationRegistry } from './registry';

export async function rebase(
  db: PartsdeskDb,
  registry: MutationRegistry,
  lastMutationId: number,
  settings: StoreSettings,
): Promise<void> {
  await resetDirty(db);
  const pending = await db.outbox.where('id').above(lastMutationId).sortBy('id');
  for (const e of pending) {
    const state = await loadState(db, touchesOf(e.name, e.args));
    const result = registry.run(e.name, state, e.args, { now: e.at, actor: e.actor, settings });
    if (result.ok) await writeChanges(db, result.changes);
  }
}
