import { describe, expect, it } from 'vitest';
import { mutationLabel } from '../../../src/features/sync-status/conflict-text';
import {
  exactTimeText,
  lastSyncedText,
  pendingText,
  queueText,
  relativeTimeText,
  syncAlerts,
} from '../../../src/features/sync-status/sync-status-text';

const now = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const clear = { needsLogin: false, needsUpdate: false, error: null };

describe('sync status words (POS top bar)', () => {
  it('relative time: just now, minutes, hours, yesterday, days; clock skew is just now', () => {
    expect(relativeTimeText(ago(10_000), now)).toBe('just now');
    expect(relativeTimeText(ago(-60_000), now)).toBe('just now');
    expect(relativeTimeText(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTimeText(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTimeText(ago(2 * 3_600_000), now)).toBe('2 hours ago');
    expect(relativeTimeText(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(relativeTimeText(ago(3 * 86_400_000), now)).toBe('3 days ago');
    expect(relativeTimeText('not a date', now)).toBe('at an unknown time');
  });

  it('last synced line and its exact-time tooltip', () => {
    expect(lastSyncedText(null, now)).toBe('Not synced yet');
    expect(lastSyncedText(ago(5 * 60_000), now)).toBe('Last synced 5 minutes ago');
    expect(exactTimeText('2026-11-22T12:00:00Z')).toMatch(/Nov 22, 2026/);
    expect(exactTimeText('garbage')).toBe('garbage');
  });

  it('pending count in words', () => {
    expect(pendingText(0)).toBe('All changes synced');
    expect(pendingText(1)).toBe('1 change waiting to sync');
    expect(pendingText(3)).toBe('3 changes waiting to sync');
  });

  it('claims "All changes synced" only after a complete sync; pending wins over download progress', () => {
    const none = { download: null };
    expect(queueText({ pending: 0, lastSuccess: null, progress: null, ...none })).toBe('Syncing for the first time…');
    expect(queueText({ pending: 0, lastSuccess: ago(1000), progress: null, ...none })).toBe('All changes synced');
    // A percentage, never row counts ("20000 of 42641" meant nothing to a cashier).
    expect(
      queueText({ pending: 0, lastSuccess: ago(1000), progress: { applied: 1000, remaining: 500 }, ...none }),
    ).toBe('Downloading updates: 66 %');
    expect(
      queueText({
        pending: 0,
        lastSuccess: null,
        progress: { applied: 20000, remaining: 22641 },
        download: { done: 20000, total: 42641, percent: 46, parts: 7000 },
      }),
    ).toBe('Downloading catalog: 46 %');
    expect(queueText({ pending: 2, lastSuccess: null, progress: { applied: 1, remaining: 1 }, ...none })).toBe(
      '2 changes waiting to sync',
    );
  });

  it('alerts: session expired, out of date (instead of its error text), blocked queue', () => {
    expect(syncAlerts(clear)).toEqual([]);
    expect(syncAlerts({ ...clear, needsLogin: true })).toEqual([
      { kind: 'needsLogin', text: 'Session expired — log in again to sync' },
    ]);
    expect(syncAlerts({ ...clear, needsUpdate: true, error: 'protocol 3 expected' }).map((a) => a.kind)).toEqual([
      'needsUpdate',
    ]);
    expect(syncAlerts({ ...clear, error: 'Unknown mutation' })).toEqual([{ kind: 'error', text: 'Unknown mutation' }]);
  });

  it('mutation names in words, with a readable fallback', () => {
    expect(mutationLabel('order.void')).toBe('Void order');
    expect(mutationLabel('transaction.add')).toBe('Take a payment');
    expect(mutationLabel('loyalty.addPoints')).toBe('Loyalty add points');
  });
});
