/**
 * The page numbers a pagination bar shows: at most `max` (spec: up to 10 buttons), contiguous,
 * with the current page kept near the middle and the window shifted at either end.
 */
export function pageWindow(page: number, totalPages: number, max = 10): number[] {
  if (totalPages < 1 || max < 1) return [];
  const current = Math.min(Math.max(1, Math.trunc(page)), totalPages);
  const count = Math.min(max, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
