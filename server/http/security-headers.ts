/**
 * Security headers. Every response: X-Content-Type-Options nosniff. HTML
 * responses also: a Content-Security-Policy whose scripts are the app's own files plus the inline
 * scripts of THAT page by their sha256 (no 'unsafe-inline' for scripts: an injected <script> does
 * not run), frame-ancestors 'none' (no clickjacking of the POS), a Referrer-Policy that keeps a
 * payment link's token in this origin, and a Permissions-Policy that turns off what the app never uses.
 *
 * Hashes, not nonces: the service worker serves the precached index.html for every navigation
 * offline, with the headers it was precached with; a hash stays true for that copy, a nonce would
 * be a constant. The embedded first-screen data (<script type="application/json">) is not run, so it
 * needs no hash. Styles keep 'unsafe-inline': the server-rendered first screen and the shell's
 * brand bar carry style attributes (CSS cannot run script).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The sha256 CSP sources of every inline script that runs (no src, not a JSON data block). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes].sort();
}

/**
 * The tag manager's hosts, allowed only when the server is configured with one (TAG_MANAGER_ID,
 * docs/decisions/storefront.md "Marketing events"): its script, and the beacons and pixels it sends.
 */
const TAG_MANAGER_SCRIPTS = 'https://www.googletagmanager.com';
const TAG_MANAGER_BEACONS =
  'https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com';

/**
 * `tileOrigin`: the dealer locator's tile server (MAP_TILE_URL's origin, server/config.ts), the one
 * outside origin images may come from when configured (docs/decisions/storefront.md "Dealer
 * locator: a tile server by configuration").
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  tagManager = false,
  tileOrigin: string | null = null,
): string {
  const tm = (sources: string) => (tagManager ? ` ${sources}` : '');
  return [
    "default-src 'self'",
    `script-src 'self'${tm(TAG_MANAGER_SCRIPTS)} ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tm(TAG_MANAGER_BEACONS)}${tileOrigin ? ` ${tileOrigin}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${tm(TAG_MANAGER_BEACONS)}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const HTML_HEADERS = {
  'X-Frame-Options': 'DENY',
  // A payment link's token is in its URL: never sent to another origin.
  'Referrer-Policy': 'same-origin',
  // geolocation=(self): the dealer locator's "stores near me" (docs/decisions/storefront.md "Dealer locator").
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()',
} as const;

/** The CSP of the built shell (dist/index.html), re-read when the file changes (a new build). */
class ShellPolicy {
  private cached: { mtimeMs: number; policy: string } | null = null;
  constructor(
    private readonly indexFile: string,
    private readonly tagManager = false,
    private readonly tileOrigin: string | null = null,
  ) {}
  get(): string {
    let mtimeMs = -1;
    try {
      mtimeMs = fs.statSync(this.indexFile).mtimeMs;
    } catch {
      return contentSecurityPolicy([], this.tagManager, this.tileOrigin);
    }
    if (this.cached?.mtimeMs !== mtimeMs)
      this.cached = {
        mtimeMs,
        policy: contentSecurityPolicy(
          inlineScriptHashes(fs.readFileSync(this.indexFile, 'utf8')),
          this.tagManager,
          this.tileOrigin,
        ),
      };
    return this.cached.policy;
  }
}

/**
 * Adds the headers. A route that builds its own HTML (the first screen) sets its CSP from that
 * page's scripts; any other HTML (the shell, index.html as a static file) gets the shell's.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  staticDir: string,
  tagManager = false,
  tileOrigin: string | null = null,
): void {
  const shell = new ShellPolicy(path.join(staticDir, 'index.html'), tagManager, tileOrigin);
  app.addHook('onSend', (_req, reply, payload, done) => {
    void reply.header('X-Content-Type-Options', 'nosniff');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      for (const [name, value] of Object.entries(HTML_HEADERS)) void reply.header(name, value);
      if (!reply.hasHeader('content-security-policy')) void reply.header('Content-Security-Policy', shell.get());
    }
    done(null, payload);
  });
}
