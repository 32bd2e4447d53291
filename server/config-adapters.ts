/**
 * The outside services' settings (docs/architecture.md "Adapters"): card terminal, distributor,
 * geolocation, mail and texts, captcha; each an adapter whose simulator is the default, chosen by
 * environment. Part of the runtime configuration: server/config.ts re-exports all of it.
 */
import { bool, int } from './config-values';

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
 * The parts distributor (docs/decisions/distributor.md). DISTRIBUTOR: `simulator` (default),
 * `http` (the shop's distributor API, "A real distributor over HTTP") or `none` (no distributor
 * table at checkout). The simulator's DISTRIBUTOR_SEED (default 1), DISTRIBUTOR_LATENCY_MS
 * (default 250; jitter adds up to half) and DISTRIBUTOR_FAILURE_RATE (the share of calls that
 * fail, 0 to 1; default 0.02). `http`: DISTRIBUTOR_URL and DISTRIBUTOR_API_KEY (both required),
 * DISTRIBUTOR_NAME (default "Distributor"), DISTRIBUTOR_TIMEOUT_MS (default 15000) and
 * DISTRIBUTOR_WAREHOUSE_API (whether its warehouse inventory can be refreshed; default on).
 */
export type DistributorConfig =
  | { kind: 'none' }
  | { kind: 'simulator'; seed: number; latencyMs: number; failureRate: number }
  | { kind: 'http'; url: string; apiKey: string; name: string; timeoutMs: number; warehouseApi: boolean };

export function distributorConfig(env: NodeJS.ProcessEnv = process.env): DistributorConfig {
  const kind = (env.DISTRIBUTOR ?? 'simulator').toLowerCase();
  if (kind === 'none') return { kind };
  if (kind === 'http') return httpDistributorConfig(env);
  if (kind !== 'simulator')
    throw new Error(`Unknown DISTRIBUTOR "${kind}": this build has "simulator", "http" and "none"`);
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

function httpDistributorConfig(env: NodeJS.ProcessEnv): DistributorConfig {
  const url = env.DISTRIBUTOR_URL ?? '';
  const apiKey = env.DISTRIBUTOR_API_KEY ?? '';
  if (!url || !apiKey) throw new Error('DISTRIBUTOR=http needs DISTRIBUTOR_URL and DISTRIBUTOR_API_KEY');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Invalid DISTRIBUTOR_URL: "${url}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`Invalid DISTRIBUTOR_URL: "${url}" (http:// or https://)`);
  return {
    kind: 'http',
    url,
    apiKey,
    name: env.DISTRIBUTOR_NAME || 'Distributor',
    timeoutMs: int('DISTRIBUTOR_TIMEOUT_MS', env.DISTRIBUTOR_TIMEOUT_MS, 15_000),
    warehouseApi: bool(env.DISTRIBUTOR_WAREHOUSE_API, true),
  };
}

/**
 * IP geolocation for the customer admin screen's IP Addresses tab (docs/decisions/pos.md "Customer
 * IP addresses and tags"). GEOLOCATION: `dataset` (default: DB-IP's City Lite shipped as an npm
 * package, offline, see server/adapters/geolocation/dataset.ts), `simulator` (the documentation
 * ranges only, slow and sometimes failing on purpose: server/adapters/geolocation/simulator.ts) or
 * `none`. The simulator's GEOLOCATION_SEED (default 1), GEOLOCATION_LATENCY_MS (default 150; jitter
 * adds up to half) and GEOLOCATION_FAILURE_RATE (the share of lookups that fail, 0 to 1; default
 * 0.05) are read only for it.
 */
export type GeolocationConfig =
  { kind: 'none' } | { kind: 'dataset' } | { kind: 'simulator'; seed: number; latencyMs: number; failureRate: number };

export function geolocationConfig(env: NodeJS.ProcessEnv = process.env): GeolocationConfig {
  const kind = (env.GEOLOCATION || 'dataset').toLowerCase();
  if (kind === 'none' || kind === 'dataset') return { kind };
  if (kind !== 'simulator')
    throw new Error(`Unknown GEOLOCATION "${kind}": this build has "dataset", "simulator" and "none"`);
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
  /** Optional so a test's hand-made configuration may leave it out (the default, `dataset`, then). */
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
