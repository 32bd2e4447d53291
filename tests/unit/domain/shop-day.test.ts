import { describe, expect, it } from 'vitest';
import { nextDay, startOfDay, validZone } from '../../../src/domain/shop-day';

describe('shop days (src/domain/shop-day.ts)', () => {
  it('a day starts at midnight on the shop clock, across daylight saving changes', () => {
    expect(startOfDay('2026-01-15', 'America/Chicago').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(startOfDay('2026-07-15', 'America/Chicago').toISOString()).toBe('2026-07-15T05:00:00.000Z');
    // The day clocks spring forward starts before the change (CST, -6).
    expect(startOfDay('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'UTC').toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('a missing or misspelt zone is UTC', () => {
    expect(validZone('America/Chicago')).toBe('America/Chicago');
    expect(validZone('Mars/Olympus')).toBe('UTC');
    expect(validZone('')).toBe('UTC');
    expect(validZone(42)).toBe('UTC');
  });

  it('the next day crosses months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
