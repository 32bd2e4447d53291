import path from 'node:path';
import {
  captchaConfig,
  distributorConfig,
  geolocationConfig,
  notifyConfig,
  terminalConfig,
  type CaptchaConfig,
  type DistributorConfig,
  type GeolocationConfig,
  type NotifyConfig,
  type TerminalConfig,
} from './config-adapters';
import { bool, int } from './config-values';

// The outside services' settings (card terminal, distributor, mail and texts, captcha) live in
// ./config-adapters.ts; re-exported so callers keep importing from here.
export * from './config-adapters';

/**
 * Runtime configuration, read once from the environment at start. Every knob has a default that
 * makes `npm start` work on a fresh machine (embedded PGlite in ./data, port 8080, demo data).
 */
/** SECURE_COOKIES: 'auto' (unset or "auto"), else on/off as bool() reads it. */
export type CookieSecurity = boolean | 'auto';
export function cookieSecurity(value: string | undefined): CookieSecurity {
  return value === undefined || value === '' || value.toLowerCase() === 'auto' ? 'auto' : bool(value, false);
}

export interface Config {
  port: number;
  host: string;
  /** Root of everything kept on disk in embedded mode: PGlite lives in `${dataDir}/pg`. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of PGlite (the production path). */
  databaseUrl: string | undefined;
  /** Fill a fresh database with demo data on first start. */
  demoData: boolean;
  demoParts: number;
  /** Built PWA served at `/`. */
  staticDir: string;
  backupEveryMs: number;
  backupKeep: number;
  /** Session lifetime (sliding). A POS may work offline for days, so staff sessions are long. */
  sessionTtlMs: number;
  /**
   * The Secure flag on every cookie the server sets: 'auto' (the default) sets it on replies to
   * HTTPS requests (the shop's own HTTPS, or a trusted proxy's X-Forwarded-Proto), so a tablet's
   * session is never sent over plain HTTP; true always; false never (docs/security.md "Cookies").
   */
  secureCookies: CookieSecurity;
  logLevel: string;
  /** Mail and text adapters and the outbox sender (docs/decisions/notifications.md). */
  notify: NotifyConfig;
  /** The parts distributor adapter (server/adapters/distributor/create.ts). */
  distributor: DistributorConfig;
  /** The card terminal adapter (server/adapters/terminal/create.ts). */
  terminal: TerminalConfig;
  /** The IP-geolocation adapter (server/adapters/geolocation/create.ts). */
  geolocation: GeolocationConfig;
  /** The proof-of-work captcha (server/adapters/captcha/altcha.ts). */
  captcha: CaptchaConfig;
  /**
   * The shop's public address, the only origin ever put in a payment link (PUBLIC_URL, e.g.
   * https://shop.example). Unset by default: `npm start` on localhost works, and sending a payment
   * link is refused with a message to staff until it is set (never the request's Host header).
   */
  publicUrl: string | undefined;
  /**
   * STAFF_TOKEN_SECRET: the key staff tokens are signed with (at least 32 characters). Unset (the
   * default), the server creates one in its database on first use, shared by every process on it
   * (docs/security.md "Staff tokens").
   */
  staffTokenSecret: string | undefined;
  /** METRICS_TOKEN: a Prometheus scraper's bearer token for GET /metrics (24+ characters); unset, admins only. */
  metricsToken: string | undefined;
  /**
   * TAG_MANAGER_ID: a Google Tag Manager container (GTM-XXXXXXX). Unset (the default), no tag manager
   * loads and the CSP allows no outside script; set, storefront pages load it after their first
   * paint (docs/decisions/storefront.md "Marketing events").
   */
  tagManagerId: string | null;
  /**
   * MAP_TILE_URL + MAP_TILE_ATTRIBUTION: the dealer locator's tile server (a template such as
   * https://tiles.example/{z}/{x}/{y}.png, and the provider's credit shown on the map). Unset (the
   * default), the locator draws its SVG state map and no outside image is allowed; set, the
   * storefront shows a tile map and the CSP's img-src allows exactly that origin
   * (docs/decisions/storefront.md "Dealer locator: a tile server by configuration").
   */
  mapTiles: MapTilesConfig | null;
  /**
   * SYNC_SNAPSHOTS (default on): build first-sync snapshots in the background, so new devices start
   * from a prebuilt file (docs/decisions/sync.md "First-sync snapshots"); 0 turns it off (every
   * new device pulls from 0, as before).
   */
  syncSnapshots: boolean;
  /** HTTPS to the shop network (tlsConfig below; docs/operations.md "HTTPS on the shop network"). */
  tls: TlsConfig;
  /** TRUST_PROXY: Fastify's trustProxy (X-Forwarded-For/-Proto/-Host believed); false by default. */
  trustProxy: TrustProxy;
  /**
   * WORKERS: server processes to run through node:cluster (default 1). More than one needs
   * PostgreSQL (docs/operations.md "Running several processes").
   */
  workers: number;
  /**
   * SHUTDOWN_DRAIN_MS: on SIGTERM, how long /healthz answers 503 before the server stops accepting
   * (default 0): set it above the proxy's health-check interval so it stops sending first.
   */
  shutdownDrainMs: number;
}

export interface MapTilesConfig {
  /** The tile URL template, with {z}, {x} and {y}. */
  url: string;
  /** Its origin (scheme, host, port): what the CSP allows images from. */
  origin: string;
  attribution: string;
}

/**
 * The HTTPS listener beside plain HTTP (PORT, 8080, which stays for localhost and a TLS proxy).
 * HTTPS_PORT (default 8443). TLS_CERT + TLS_KEY (PEM files): serve those. Otherwise the shop's own
 * certificate authority in DATA_DIR/tls signs a certificate for the machine's names and LAN
 * addresses plus TLS_HOSTS (comma-separated extra names). TLS=off: no HTTPS listener, which is the
 * default when TRUST_PROXY is set (a proxy in front does TLS).
 */
export type TlsConfig =
  | { kind: 'off' }
  | { kind: 'local-ca'; port: number; dir: string; extraHosts: string[]; required: boolean }
  | { kind: 'files'; port: number; certFile: string; keyFile: string; required: true };

export type TrustProxy = boolean | string;

export function tlsConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): TlsConfig {
  const mode = (env.TLS ?? '').toLowerCase();
  if (mode !== '' && !['auto', 'off', 'on'].includes(mode)) throw new Error(`Invalid TLS: "${env.TLS}" (auto or off)`);
  const port = int('HTTPS_PORT', env.HTTPS_PORT, 8443);
  const certFile = env.TLS_CERT || undefined;
  const keyFile = env.TLS_KEY || undefined;
  if (Boolean(certFile) !== Boolean(keyFile)) throw new Error('TLS_CERT and TLS_KEY go together: set both or neither');
  if (mode === 'off') return { kind: 'off' };
  if (certFile && keyFile)
    return {
      kind: 'files',
      port,
      certFile: path.resolve(cwd, certFile),
      keyFile: path.resolve(cwd, keyFile),
      required: true,
    };
  if (mode === '' && trustProxyOf(env.TRUST_PROXY) !== false) return { kind: 'off' };
  const extraHosts = (env.TLS_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  // Asked for (TLS, HTTPS_PORT): a failure stops the start. By default it only warns, so
  // `npm start` on http://localhost:8080 works as before when port 8443 is taken.
  const required = mode !== '' || Boolean(env.HTTPS_PORT);
  return { kind: 'local-ca', port, dir: path.join(databaseConfig(env, cwd).dataDir, 'tls'), extraHosts, required };
}

/**
 * TRUST_PROXY: the proxies' addresses (comma-separated, CIDR allowed: `127.0.0.1`, `10.0.0.0/8`), or
 * 1/true to believe any client's forwarded headers (only when nothing but the proxy reaches the port).
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '' || ['0', 'false', 'no', 'off'].includes(value.toLowerCase()))
    return false;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  return value.trim();
}

/** PUBLIC_URL: an absolute http(s) address without query or fragment; kept without a trailing slash. */
export function publicUrlOf(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`Invalid PUBLIC_URL: "${value}" is not an address like https://shop.example`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new Error(
      `Invalid PUBLIC_URL: "${value}" must be an http(s) address without query, fragment or credentials, like https://shop.example`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function staffTokenSecretOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 32) throw new Error('Invalid STAFF_TOKEN_SECRET: use at least 32 random characters');
  return value;
}

function metricsTokenOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 24) throw new Error('Invalid METRICS_TOKEN: use at least 24 random characters');
  return value;
}

function tagManagerIdOf(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^GTM-[A-Z0-9]{4,12}$/.test(value)) throw new Error('Invalid TAG_MANAGER_ID: use the container id, GTM-XXXXXXX');
  return value;
}

/**
 * MAP_TILE_URL and MAP_TILE_ATTRIBUTION. The template is an absolute http(s) address with {z}, {x}
 * and {y} in its path or query and no other placeholder: its host is fixed (no {s} subdomains), so
 * the CSP can name one origin. The attribution is required with it (tile providers ask for their
 * credit) and shown as plain text.
 */
export function mapTilesOf(url: string | undefined, attribution: string | undefined): MapTilesConfig | null {
  if (url === undefined || url.trim() === '') {
    if (attribution?.trim()) throw new Error('MAP_TILE_ATTRIBUTION is set without MAP_TILE_URL');
    return null;
  }
  const template = url.trim();
  const example = 'like https://tiles.example/{z}/{x}/{y}.png';
  const m = /^(https?):\/\/([^/?#]+)([/?][^#]*)$/.exec(template);
  const placeholders: string[] = template.match(/\{[^}]*\}/g) ?? [];
  if (
    !m ||
    /[{}@]/.test(m[2] ?? '') ||
    !['{z}', '{x}', '{y}'].every((p) => placeholders.includes(p)) ||
    placeholders.some((p) => !['{z}', '{x}', '{y}'].includes(p))
  )
    throw new Error(
      `Invalid MAP_TILE_URL: "${url}" must be an http(s) address with {z}, {x} and {y} after a fixed host, ${example}`,
    );
  let origin: string;
  try {
    origin = new URL(template.replace(/\{[zxy]\}/g, '0')).origin;
  } catch {
    throw new Error(`Invalid MAP_TILE_URL: "${url}" is not an address ${example}`);
  }
  const credit = attribution?.trim() ?? '';
  if (credit === '' || credit.length > 200 || /[<>]/.test(credit))
    throw new Error(
      "MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL: the tile provider's credit as plain text (at most 200 characters)",
    );
  return { url: template, origin, attribution: credit };
}

/** Where the database is (DATA_DIR, DATABASE_URL): the server's and the command-line tools' (server/cli). */
export function databaseConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): { dataDir: string; databaseUrl: string | undefined } {
  return { dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'), databaseUrl: env.DATABASE_URL || undefined };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const hours = 3_600_000;
  return {
    port: int('PORT', env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    ...databaseConfig(env, cwd),
    demoData: bool(env.DEMO_DATA, true),
    demoParts: int('DEMO_PARTS', env.DEMO_PARTS, 5000),
    staticDir: path.resolve(cwd, env.STATIC_DIR ?? 'dist'),
    backupEveryMs: int('BACKUP_EVERY_HOURS', env.BACKUP_EVERY_HOURS, 24) * hours,
    backupKeep: int('BACKUP_KEEP', env.BACKUP_KEEP, 7),
    sessionTtlMs: int('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 24 * 14) * hours,
    secureCookies: cookieSecurity(env.SECURE_COOKIES),
    logLevel: env.LOG_LEVEL ?? 'info',
    notify: notifyConfig(env),
    terminal: terminalConfig(env),
    distributor: distributorConfig(env),
    geolocation: geolocationConfig(env),
    captcha: captchaConfig(env),
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    staffTokenSecret: staffTokenSecretOf(env.STAFF_TOKEN_SECRET),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    tagManagerId: tagManagerIdOf(env.TAG_MANAGER_ID),
    mapTiles: mapTilesOf(env.MAP_TILE_URL, env.MAP_TILE_ATTRIBUTION),
    syncSnapshots: bool(env.SYNC_SNAPSHOTS, true),
    tls: tlsConfig(env, cwd),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    workers: workersOf(env.WORKERS),
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 0),
  };
}

function workersOf(value: string | undefined): number {
  const n = int('WORKERS', value, 1);
  if (n < 1 || n > 64) throw new Error(`Invalid WORKERS: "${value}" (1 to 64)`);
  return n;
}
