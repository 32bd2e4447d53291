/**
 * A counter bumped whenever the shopper's vehicle changes on this page, kept apart from the fitment
 * store so a listing narrowed to the vehicle (`fits=1`) can refetch without loading fitment code.
 */
import { useSyncExternalStore } from 'react';

let version = 0;
const listeners = new Set<() => void>();

export function bumpVehicleVersion(): void {
  version += 1;
  for (const fn of listeners) fn();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => void listeners.delete(fn);
};
const get = () => version;

export function useVehicleVersion(): number {
  return useSyncExternalStore(subscribe, get, get);
}
