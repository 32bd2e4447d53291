/** Words and thresholds of the "Device storage" section (pure; tests/unit/client/sync-storage-figures.test.ts). */

/** Warn when the origin uses this share of its quota: IndexedDB writes start failing at the quota. */
export const STORAGE_WARN_RATIO = 0.8;

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 -> "1.5 KB", 5_000_000 -> "4.8 MB" (binary units, one decimal under 10). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Used share of the quota (0..1), or null when the browser does not say. */
export function usageRatio(usage: number | undefined, quota: number | undefined): number | null {
  if (usage === undefined || quota === undefined || !Number.isFinite(usage) || !Number.isFinite(quota) || quota <= 0)
    return null;
  return usage / quota;
}

/** True at or above 80% of the quota. */
export function storageNearlyFull(usage: number | undefined, quota: number | undefined): boolean {
  const ratio = usageRatio(usage, quota);
  return ratio !== null && ratio >= STORAGE_WARN_RATIO;
}

/** "12.3 MB of 2.0 GB (1%)". */
export function usageText(usage: number, quota: number): string {
  const ratio = usageRatio(usage, quota);
  const pct = ratio === null ? '' : ` (${ratio > 0 && ratio < 0.01 ? '<1' : Math.round(ratio * 100)}%)`;
  return `${formatBytes(usage)} of ${formatBytes(quota)}${pct}`;
}
