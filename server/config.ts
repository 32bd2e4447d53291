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
  /**
   * The shop's public address, the only origin ever put in a payment link (PUBLIC_URL, e.g.
   * https://shop.example). Unset by default: `npm start` on localhost works, and sending a payment
   * link is refused with a message to staff until it is set (never the request's Host header).
   */
  publicUrl: string | undefined;
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
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`Invalid PUBLIC_URL: "${value}" must be an http(s) address without query, fragment or credentials, like https://shop.example`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const hours = 3_600_000;
  return {
    port: int('PORT', env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demoData: bool(env.DEMO_DATA, true),
    demoParts: int('DEMO_PARTS', env.DEMO_PARTS, 5000),
    staticDir: path.resolve(cwd, env.STATIC_DIR ?? 'dist'),
    backupEveryMs: int('BACKUP_EVERY_HOURS', env.BACKUP_EVERY_HOURS, 24) * hours,
    backupKeep: int('BACKUP_KEEP', env.BACKUP_KEEP, 7),
    sessionTtlMs: int('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 24 * 14) * hours,
    secureCookies: bool(env.SECURE_COOKIES, false),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: publicUrlOf(env.PUBLIC_URL),
  };
}
