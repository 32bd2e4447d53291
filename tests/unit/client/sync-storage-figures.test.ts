import { describe, expect, it } from 'vitest';
import { formatBytes, storageNearlyFull, usageRatio, usageText } from '../../../src/features/settings/storage-figures';

const GB = 1024 ** 3;

describe('device storage figures (/pos/settings)', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5_000_000)).toBe('4.8 MB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MB');
    expect(formatBytes(Number.NaN)).toBe('unknown');
  });

  it('warns from 80% of the quota, not below, and never without figures', () => {
    expect(storageNearlyFull(0.79 * GB, GB)).toBe(false);
    expect(storageNearlyFull(0.8 * GB, GB)).toBe(true);
    expect(storageNearlyFull(GB, GB)).toBe(true);
    expect(storageNearlyFull(undefined, GB)).toBe(false);
    expect(storageNearlyFull(10, 0)).toBe(false);
    expect(usageRatio(1, undefined)).toBeNull();
  });

  it('used of quota with a percentage', () => {
    expect(usageText(512 * 1024 * 1024, 2 * GB)).toBe('512 MB of 2.0 GB (25%)');
    expect(usageText(1024, 2 * GB)).toBe('1.0 KB of 2.0 GB (<1%)');
  });
});
