import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor } from '../../../src/ui/readable-color';

describe('readable badge text (WCAG AA 4.5:1)', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#28a745', '#ffffff')).toBeCloseTo(3.13, 2);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it("keeps the shop's text colour when it reads well enough", () => {
    expect(readableTextColor('#337ab7', '#ffffff')).toBe('#ffffff');
    expect(readableTextColor('#f0ad4e', '#1f1f1f')).toBe('#1f1f1f');
  });

  it('replaces a text colour below 4.5:1 with black or white, whichever reads better', () => {
    expect(readableTextColor('#28a745', '#ffffff')).toBe('#000000');
    expect(readableTextColor('#d9534f', '#ffffff')).toBe('#000000');
    expect(readableTextColor('#1a1a1a', '#333333')).toBe('#ffffff');
    for (const bg of ['#28a745', '#d9534f', '#6c757d', '#20c997', '#123456', '#abcdef']) {
      expect(contrastRatio(bg, readableTextColor(bg, '#888888') ?? '')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves colours it cannot read alone', () => {
    expect(readableTextColor(null, '#ffffff')).toBe('#ffffff');
    expect(readableTextColor('rebeccapurple', '#ffffff')).toBe('#ffffff');
    expect(readableTextColor('', '')).toBeUndefined();
  });
});
