/**
 * The mutation door: what a pushed mutation must pass before any of its SQL runs
 * (docs/decisions/sync.md "Trust at the mutation door"). Pure: the push service asks it once per
 * mutation, then runs the applier (which adds the checks that need the locked records: owned ids,
 * writable fields per role, the shopper's own records, the catalog's money).
 *
 * - The name is looked up as an own key only (`__proto__`, `constructor` are never appliers).
 * - Access: 'server' appliers never from a device, 'staff' ones never from a shopper, and the
 *   money rights of the permission table (server/auth/permissions.ts MUTATION_PERMISSIONS) as the
 *   HTTP calls check them: installers take, void and override no money through the push either.
 * - A kiosk device account (role kiosk) may push only 'kiosk' appliers; those take staff too.
 * - Args are parsed with the mutation's zod schema (src/domain/mutations/catalogue.ts: bounded
 *   text, int4 integers, numeric(12,2) money, uuids), so data PostgreSQL would refuse is refused
 *   here with a message instead of stopping the device's queue.
 */
import type { PushMutation } from '../../src/contracts/sync-push';
import { mutationArgs } from '../../src/domain/mutations/catalogue';
import { isMutationName } from '../../src/domain/mutations/registry';
import { can, MUTATION_PERMISSIONS } from '../auth/permissions';
import type { Actor } from '../commands/actor';
import type { Applier, ApplierMap } from '../commands/appliers/types';

export const FORBIDDEN_MESSAGE = 'You do not have permission to do that.';
export const unknownMutationMessage = (name: string): string =>
  `"${name.slice(0, 100)}" is not a change this app can make.`;
/** A database data error (class 22) the schema did not foresee: recorded as a conflict, never retried. */
export const DATA_ERROR_MESSAGE =
  'This change has a value the server cannot store (too large or malformed), so it was not applied.';

/** Names a later version of the app could send (`area.verb`): unknown ones wait for a server that knows them (422). */
const MUTATION_NAME = /^[a-z][A-Za-z]{0,40}\.[a-z][A-Za-z]{0,40}$/;

export function applierFor(appliers: ApplierMap, name: string): Applier | undefined {
  return Object.prototype.hasOwnProperty.call(appliers, name) ? appliers[name] : undefined;
}

/** A name this server does not apply but a newer one might: the mutation stays queued. */
export function awaitsNewerServer(appliers: ApplierMap, name: string): boolean {
  return !applierFor(appliers, name) && MUTATION_NAME.test(name);
}

export type Admission = { ok: true; applier: Applier } | { ok: false; code: string; message: string };

export function admit(appliers: ApplierMap, m: PushMutation, actor: Actor): Admission {
  const applier = applierFor(appliers, m.name);
  if (!applier) return { ok: false, code: 'unknown_mutation', message: unknownMutationMessage(m.name) };
  if (applier.access === 'server' || (applier.access === 'staff' && actor.kind !== 'staff'))
    return { ok: false, code: 'forbidden', message: FORBIDDEN_MESSAGE };
  // A kiosk device account pushes its Submit to Buy and nothing else (docs/decisions/storefront.md "Kiosk");
  // its actor is kind 'staff' (its account is a staff_users row), so this check comes before any other.
  if (actor.role === 'kiosk' ? applier.access !== 'kiosk' : applier.access === 'kiosk' && actor.kind !== 'staff')
    return { ok: false, code: 'forbidden', message: FORBIDDEN_MESSAGE };
  if (isMutationName(m.name)) {
    const permission = MUTATION_PERMISSIONS[m.name];
    if (permission && !can(actor.role, permission)) return { ok: false, code: 'forbidden', message: FORBIDDEN_MESSAGE };
    const parsed = mutationArgs[m.name].safeParse(m.args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : '';
      return { ok: false, code: 'invalid_args', message: `${where}${issue?.message ?? 'Invalid input'}`.slice(0, 300) };
    }
  }
  return { ok: true, applier };
}
