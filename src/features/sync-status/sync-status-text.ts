/**
 * Words of the POS sync indicator, as pure functions of the worker's SyncStatus and the clock
 * (unit-tested in tests/unit/client/sync-status-text.test.ts).
 */
import type { SyncStatus } from '../../../sync/status';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago"; a future time (clock skew) is "just now". */
export function relativeTimeText(iso: string, now: number): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return 'at an unknown time';
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

/** The tooltip: "Nov 22, 2026, 5:04:12 AM". */
export function exactTimeText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : exact.format(d);
}

/** "Last synced 5 minutes ago", or "Not synced yet" before the first complete sync. */
export function lastSyncedText(lastSuccess: string | null, now: number): string {
  return lastSuccess ? `Last synced ${relativeTimeText(lastSuccess, now)}` : 'Not synced yet';
}

/** "All changes synced", "1 change waiting to sync", "3 changes waiting to sync". */
export function pendingText(pending: number): string {
  if (pending <= 0) return 'All changes synced';
  return `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to sync`;
}

/** "Downloading catalog: 47 %" (the first download), "Downloading updates: 80 %" (a later pull). */
export function downloadingText(what: 'catalog' | 'updates', percent: number): string {
  return `Downloading ${what}: ${percent} %`;
}

/**
 * The one line the bar shows for the queue. "All changes synced" only once a sync completed, so a
 * fresh device does not claim it is up to date while the first download is still running. Progress
 * is a percentage: row counts ("20000 of 42641") mean nothing at the counter.
 */
export function queueText(status: Pick<SyncStatus, 'pending' | 'lastSuccess' | 'progress' | 'download'>): string {
  if (status.pending > 0) return pendingText(status.pending);
  if (status.download && status.download.total > 0) return downloadingText('catalog', status.download.percent);
  if (status.progress) {
    const total = status.progress.applied + status.progress.remaining;
    const percent = total > 0 ? Math.min(100, Math.floor((status.progress.applied * 100) / total)) : 0;
    return downloadingText(status.download ? 'catalog' : 'updates', percent);
  }
  return status.lastSuccess ? pendingText(0) : 'Syncing for the first time…';
}

export type SyncAlert =
  { kind: 'needsLogin'; text: string } | { kind: 'needsUpdate'; text: string } | { kind: 'error'; text: string };

/** What needs staff action, most urgent first (the queue is kept in every case). */
export function syncAlerts(status: Pick<SyncStatus, 'needsLogin' | 'needsUpdate' | 'error'>): SyncAlert[] {
  const alerts: SyncAlert[] = [];
  if (status.needsLogin) alerts.push({ kind: 'needsLogin', text: 'Session expired — log in again to sync' });
  if (status.needsUpdate)
    alerts.push({ kind: 'needsUpdate', text: 'This app is out of date — reload to keep syncing' });
  else if (status.error) alerts.push({ kind: 'error', text: status.error });
  return alerts;
}
