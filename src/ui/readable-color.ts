/**
 * Text colour for a badge whose background a shop chose (order statuses carry both colours). The
 * shop's text colour is kept when it reaches WCAG AA's 4.5:1 against the background; otherwise
 * black or white, whichever reads better (the demo's Complete, white on #28a745, is 3.1:1).
 * Colours that are not hex (`#rgb` or `#rrggbb`) are left as the shop gave them.
 */
const AA_NORMAL_TEXT = 4.5;

function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 to 21), or null when either is not hex. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function readableTextColor(
  background: string | null | undefined,
  text: string | null | undefined,
): string | undefined {
  if (!background) return text || undefined;
  const ratio = text ? contrastRatio(background, text) : null;
  if (text && (ratio === null || ratio >= AA_NORMAL_TEXT)) return text;
  const onBlack = contrastRatio(background, '#000000');
  if (onBlack === null) return text || undefined;
  const onWhite = contrastRatio(background, '#ffffff') ?? 0;
  return onBlack >= onWhite ? '#000000' : '#ffffff';
}
