import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/features/login/safe-redirect';

describe('safeRedirect (login redirect parameter)', () => {
  it('keeps a path on this origin with its query', () => {
    expect(safeRedirect('/pos/order?status=saved&page=2', '/pos/order')).toBe('/pos/order?status=saved&page=2');
  });

  it('falls back for missing, external or protocol-relative targets', () => {
    expect(safeRedirect(null, '/pos/order')).toBe('/pos/order');
    expect(safeRedirect('', '/pos/order')).toBe('/pos/order');
    expect(safeRedirect('https://evil.example/', '/pos/order')).toBe('/pos/order');
    expect(safeRedirect('//evil.example/', '/pos/order')).toBe('/pos/order');
    expect(safeRedirect('/\\evil.example', '/pos/order')).toBe('/pos/order');
    expect(safeRedirect('javascript:alert(1)', '/pos/order')).toBe('/pos/order');
  });
});
