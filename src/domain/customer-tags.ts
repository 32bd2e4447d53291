/**
 * Customer tags' rules, shared by the device, the server's applier and the HTTP save
 * (pos-back-office.md §3 "Tag"; docs/decisions/pos.md "Customer tags offline"). Pure.
 *
 * A save names the set of tag ids staff want (`wanted`) and, from a device, the set the screen showed
 * when they began (`base`). With a base the save is merged by tag: only the tags staff ticked or
 * unticked change, so two tablets that tag one customer offline keep both changes; without one
 * (POST /api/customer_tag/save, the spec's "replace the set") the customer's set becomes `wanted`.
 */

/** A shop has at most this many tags, and a save names at most this many. */
export const MAX_TAGS = 200;
/** Not in the spec: a save that names a tag the server does not have (deleted, or never made). */
export const UNKNOWN_TAG = 'One of the tags no longer exists. Reload the tab and try again.';

const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** The tags a save adds (every wanted one without a base): each must exist. */
export function tagsAdded(wanted: readonly number[], base: readonly number[] | undefined): number[] {
  if (!base) return sorted(wanted);
  const had = new Set(base);
  return sorted(wanted.filter((t) => !had.has(t)));
}

/**
 * The customer's set after a save: `current` (what the record holds now) with the save's own
 * changes applied (ticked added, unticked removed); without a base, `wanted` itself. Sorted, no
 * duplicates.
 */
export function mergeTags(
  current: readonly number[],
  wanted: readonly number[],
  base: readonly number[] | undefined,
): number[] {
  if (!base) return sorted(wanted);
  const want = new Set(wanted);
  const removed = new Set(base.filter((t) => !want.has(t)));
  return sorted([...current.filter((t) => !removed.has(t)), ...tagsAdded(wanted, base)]);
}
