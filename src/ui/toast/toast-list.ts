import type { ToastAction, ToastKind } from './toast-context';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  title: string;
  text: string;
  duration: number;
  actions: ToastAction[];
}

export const DEFAULT_TITLES: Record<ToastKind, string> = { success: 'Success!', error: 'Uh oh!' };

/** Appends a toast and keeps only the newest `limit` (spec: at most 3 visible; the oldest goes). */
export function pushToast(list: readonly ToastItem[], item: ToastItem, limit: number): ToastItem[] {
  return [...list, item].slice(-limit);
}
