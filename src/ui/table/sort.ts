export type SortDirection = 'asc' | 'desc';

export interface SortState<Key extends string = string> {
  key: Key;
  direction: SortDirection;
}

/** Spec: clicking the same column toggles asc/desc; another column starts ascending. */
export function nextSort<Key extends string>(current: SortState<Key> | undefined, key: Key): SortState<Key> {
  if (current && current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}
