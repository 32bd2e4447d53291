import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '../../../server/http/security-headers';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('security headers (server/http/security-headers.ts)', () => {
  it('hashes the inline scripts that run and only those', () => {
    const html = `<head><script>var a = 1;</script><script type="module" src="/assets/x.js"></script></head>
      <body><script type="application/json" id="pd-first-data">{"a":1}</script><script type="module">go()</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha('var a = 1;'), sha('go()')].sort());
  });
  it("never allows inline scripts by 'unsafe-inline' and forbids framing", () => {
    const csp = contentSecurityPolicy([sha('x')]);
    const script = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(script).toBe(`script-src 'self' ${sha('x')}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});
