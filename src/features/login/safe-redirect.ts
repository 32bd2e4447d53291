/**
 * The `redirect` query parameter of the login screens, accepted only as a path on this origin:
 * "/pos/order?status=saved" yes; "https://evil.example", "//evil.example" or "javascript:" no.
 */
export function safeRedirect(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
