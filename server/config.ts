import path from 'node:path';

/**
 * Runtime configuration, read once from the environment at start. Every knob has a default that
 * makes `npm start` work on a fresh machine (embedded PGlite in ./data, port 8080, demo data).
 */
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
  /** Set the Secure flag on the session cookie (behind HTTPS). */
  secureCookies: boolean;
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

/** SMS=simulator (default: texts stay in the outbox) or SMS=twilio (Twilio's REST API over fetch). */
export type SmsConfig =
  | { kind: 'simulator' }
  | {
      kind: 'twilio';
      accountSid: string;
      authToken: string;
      from: string | undefined;
      messagingServiceSid: string | undefined;
      baseUrl: string;
      timeoutMs: number;
    };

export interface NotifyConfig {
  /** SMTP_URL: smtp:// or smtps://; unset = the mail simulator (the outbox). */
  smtpUrl: string | undefined;
  /** MAIL_FROM */
  mailFrom: string;
  sms: SmsConfig;
  /** NOTIFY_POLL_MS: how often the sender looks for due messages (0 = never; default 5000). */
  pollMs: number;
}

/**
 * TERMINAL: `simulator` (default; the only adapter this build ships). TERMINAL_LATENCY_MS: how long
 * the simulated customer takes at the reader (default 1500). TERMINAL_TIMEOUT_MS: how long the
 * server waits for an answer before asking the terminal for the attempt's status (default 120000:
 * a customer may take a while with a chip card). TERMINAL_POLL_MS: how often a card event stream
 * that hears no event reads the attempt from the database (default 2000; 10000 on PostgreSQL,
 * where other processes announce their events: docs/operations.md "Running several processes").
 */
export interface TerminalConfig {
  kind: 'simulator';
  latencyMs: number;
  timeoutMs: number;
  pollMs?: number | undefined;
}

export function terminalConfig(env: NodeJS.ProcessEnv = process.env): TerminalConfig {
  const kind = env.TERMINAL ?? 'simulator';
  if (kind !== 'simulator') throw new Error(`Unknown TERMINAL "${kind}": this build has only "simulator"`);
  return {
    kind,
    latencyMs: int('TERMINAL_LATENCY_MS', env.TERMINAL_LATENCY_MS, 1500),
    timeoutMs: int('TERMINAL_TIMEOUT_MS', env.TERMINAL_TIMEOUT_MS, 120_000),
    pollMs: env.TERMINAL_POLL_MS ? int('TERMINAL_POLL_MS', env.TERMINAL_POLL_MS, 2_000) : undefined,
  };
}

/**
 * The parts distributor (docs/decisions/distributor.md). DISTRIBUTOR: `simulator` (default) or
 * `none` (no distributor table at checkout). The simulator's DISTRIBUTOR_SEED (default 1),
 * DISTRIBUTOR_LATENCY_MS (default 250; jitter adds up to half) and DISTRIBUTOR_FAILURE_RATE (the
 * share of calls that fail, 0 to 1; default 0.02).
 */
export type DistributorConfig =
  { kind: 'none' } | { kind: 'simulator'; seed: number; latencyMs: number; failureRate: number };

export function distributorConfig(env: NodeJS.ProcessEnv = process.env): DistributorConfig {
  const kind = (env.DISTRIBUTOR ?? 'simulator').toLowerCase();
  if (kind === 'none') return { kind };
  if (kind !== 'simulator') throw new Error(`Unknown DISTRIBUTOR "${kind}": this build has "simulator" and "none"`);
  const rate =
    env.DISTRIBUTOR_FAILURE_RATE === undefined || env.DISTRIBUTOR_FAILURE_RATE === ''
      ? 0.02
      : Number(env.DISTRIBUTOR_FAILURE_RATE);
  if (!(rate >= 0 && rate <= 1))
    throw new Error(`Invalid DISTRIBUTOR_FAILURE_RATE: "${env.DISTRIBUTOR_FAILURE_RATE}" (0 to 1)`);
  return {
    kind,
    seed: int('DISTRIBUTOR_SEED', env.DISTRIBUTOR_SEED, 1),
    latencyMs: int('DISTRIBUTOR_LATENCY_MS', env.DISTRIBUTOR_LATENCY_MS, 250),
    failureRate: rate,
  };
}

/**
 * IP geolocation for the customer admin screen's IP Addresses tab (docs/decisions/pos.md "Customer
 * IP addresses and tags"). GEOLOCATION: `simulator` (default: an offline table, see
 * server/adapters/geolocation/simulator.ts) or `none`. The simulator's GEOLOCATION_SEED (default 1),
 * GEOLOCATION_LATENCY_MS (default 150; jitter adds up to half) and GEOLOCATION_FAILURE_RATE (the
 * share of lookups that fail, 0 to 1; default 0.05).
 */
export type GeolocationConfig =
  { kind: 'none' } | { kind: 'simulator'; seed: number; latencyMs: number; failureRate: number };

export function geolocationConfig(env: NodeJS.ProcessEnv = process.env): GeolocationConfig {
  const kind = (env.GEOLOCATION ?? 'simulator').toLowerCase();
  if (kind === 'none') return { kind };
  if (kind !== 'simulator') throw new Error(`Unknown GEOLOCATION "${kind}": this build has "simulator" and "none"`);
  const raw = env.GEOLOCATION_FAILURE_RATE;
  const rate = raw === undefined || raw === '' ? 0.05 : Number(raw);
  if (!(rate >= 0 && rate <= 1)) throw new Error(`Invalid GEOLOCATION_FAILURE_RATE: "${raw}" (0 to 1)`);
  return {
    kind,
    seed: int('GEOLOCATION_SEED', env.GEOLOCATION_SEED, 1),
    latencyMs: int('GEOLOCATION_LATENCY_MS', env.GEOLOCATION_LATENCY_MS, 150),
    failureRate: rate,
  };
}

/** The outside services' configuration alone (what the composition picks adapters from). */
export interface AdapterConfig {
  notify: NotifyConfig;
  terminal: TerminalConfig;
  distributor: DistributorConfig;
  /** Optional so a test's hand-made configuration may leave it out (the simulator then). */
  geolocation?: GeolocationConfig;
  /** The proof-of-work captcha (captchaConfig below); optional: the defaults then. */
  captcha?: CaptchaConfig;
}

export function adapterConfig(env: NodeJS.ProcessEnv = process.env): AdapterConfig {
  return {
    notify: notifyConfig(env),
    terminal: terminalConfig(env),
    distributor: distributorConfig(env),
    geolocation: geolocationConfig(env),
    captcha: captchaConfig(env),
  };
}

/**
 * The captcha (docs/decisions/server.md "Captcha: ALTCHA proof of work"): CAPTCHA_SECRET (32+
 * characters; unset, a key the server stores once in its database, shared by every process),
 * CAPTCHA_COST (PBKDF2 iterations per try, default 200) and CAPTCHA_COUNTER_MAX (the most tries a
 * challenge needs, default 5000; the fewest is two fifths of it).
 */
export interface CaptchaConfig {
  secret: string | undefined;
  cost: number;
  counterMin: number;
  counterMax: number;
}

export function captchaConfig(env: NodeJS.ProcessEnv = process.env): CaptchaConfig {
  const secret = env.CAPTCHA_SECRET || undefined;
  if (secret !== undefined && secret.length < 32) throw new Error('CAPTCHA_SECRET must be at least 32 characters');
  const cost = int('CAPTCHA_COST', env.CAPTCHA_COST, 200);
  const counterMax = int('CAPTCHA_COUNTER_MAX', env.CAPTCHA_COUNTER_MAX, 5000);
  if (cost < 1 || counterMax < 1) throw new Error('CAPTCHA_COST and CAPTCHA_COUNTER_MAX must be at least 1');
  return { secret, cost, counterMin: Math.floor((counterMax * 2) / 5), counterMax };
}

export function notifyConfig(env: NodeJS.ProcessEnv = process.env): NotifyConfig {
  const kind = (env.SMS ?? 'simulator').toLowerCase();
  let sms: SmsConfig;
  if (kind === 'simulator' || kind === '') sms = { kind: 'simulator' };
  else if (kind === 'twilio') {
    const accountSid = env.TWILIO_ACCOUNT_SID ?? '';
    const authToken = env.TWILIO_AUTH_TOKEN ?? '';
    const from = env.TWILIO_FROM || undefined;
    const messagingServiceSid = env.TWILIO_MESSAGING_SERVICE_SID || undefined;
    if (!accountSid || !authToken || (!from && !messagingServiceSid)) {
      throw new Error(
        'SMS=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID)',
      );
    }
    sms = {
      kind: 'twilio',
      accountSid,
      authToken,
      from,
      messagingServiceSid,
      baseUrl: env.TWILIO_BASE_URL || 'https://api.twilio.com',
      timeoutMs: int('TWILIO_TIMEOUT_MS', env.TWILIO_TIMEOUT_MS, 15_000),
    };
  } else throw new Error(`Invalid SMS: "${env.SMS}" (simulator or twilio)`);
  return {
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Partsdesk <no-reply@localhost>',
    sms,
    pollMs: int('NOTIFY_POLL_MS', env.NOTIFY_POLL_MS, 5000),
  };
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

function int(name: string, value: string | undefined, def: number): number {
  if (value === undefined || value === '') return def;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid ${name}: "${value}" is not a whole number`);
  return n;
}

function bool(value: string | undefined, def: boolean): boolean {
  if (value === undefined || value === '') return def;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
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
    secureCookies: bool(env.SECURE_COOKIES, false),
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
