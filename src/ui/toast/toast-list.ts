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

/**
 * The toast's heading for its text: none when the text already opens with it ("Success: You have
 * added ...", the server's wording), so a toast never reads "Success! Success: ...".
 */
export function toastTitle(title: string, text: string): string {
  const head = title.replace(/[\s!:.]+$/, '').trim();
  if (!head) return title;
  const escaped = head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^\\s*${escaped}\\s*[!:.-]\\s*`, 'i').exec(text);
  return m && text.length > m[0].length ? '' : title;
}

/** Appends a toast and keeps only the newest `limit` (spec: at most 3 visible; the oldest goes). */
export function pushToast(list: readonly ToastItem[], item: ToastItem, limit: number): ToastItem[] {
  return [...list, item].slice(-limit);
}
