import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../../src/ui/table/page-window';

describe('pageWindow (pagination shows up to 10 buttons)', () => {
  it('shows every page when there are 10 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shows no buttons without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('keeps the window at the start near the first page', () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(6, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('centres the current page in the middle of a long list', () => {
    expect(pageWindow(20, 50)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
  });

  it('shifts the window back at the end', () => {
    expect(pageWindow(50, 50)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(pageWindow(48, 50)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
  });

  it('clamps a page outside the range', () => {
    expect(pageWindow(99, 12)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pageWindow(-3, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('always holds the current page and never more than max buttons', () => {
    for (let total = 1; total <= 40; total++) {
      for (let page = 1; page <= total; page++) {
        const w = pageWindow(page, total);
        expect(w.length).toBe(Math.min(10, total));
        expect(w).toContain(page);
        expect(w[0]).toBeGreaterThanOrEqual(1);
        expect(w[w.length - 1]).toBeLessThanOrEqual(total);
      }
    }
  });
});
