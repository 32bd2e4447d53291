/**
 * The captcha: ALTCHA's proof of work (altcha-lib 2, MIT, self-hosted; docs/decisions/server.md
 * "Captcha: ALTCHA proof of work"). The browser derives keys (PBKDF2/SHA-256) until it finds the
 * counter the server picked at random; the server signs each challenge with HMAC-SHA-256 and the
 * expected key's signature, so it verifies a solution with one derivation and no stored state.
 *
 * Must stay true:
 * - The HMAC keys are the same in every process (CAPTCHA_SECRET, else one row of
 *   `server_secrets` created on first use): a challenge issued by one process verifies in any.
 * - A solution sends at most one message: `consume` inserts the challenge's signature into
 *   `captcha_spent` (primary key) and only the insert that lands wins, across processes.
 * - Nothing in a challenge reveals its answer except the work itself (unlike the SVG captcha it
 *   replaces, whose text was in the picture).
 */
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { storedSecret } from '../../db/stored-secret';
import {
  CAPTCHA_PAYLOAD_MAX,
  CAPTCHA_TTL_MS,
  type CaptchaChallenge,
  type CaptchaCheck,
  type CaptchaProvider,
} from './types';

const SECRET_NAME = 'captcha_hmac';
const ALGORITHM = 'PBKDF2/SHA-256';
/** Every this many spends, expired spent rows are deleted. */
const SWEEP_EVERY = 100;

export interface AltchaOptions {
  /** CAPTCHA_SECRET (server/config.ts); unset: the database's own key. */
  secret?: string | undefined;
  /** PBKDF2 iterations per try. */
  cost?: number;
  /** The counter the browser must reach is drawn from [counterMin, counterMax]. */
  counterMin?: number;
  counterMax?: number;
}

/** Defaults: about 2,000-5,000 tries of 200 iterations, a second or two on a phone. */
export const ALTCHA_DEFAULTS = { cost: 200, counterMin: 2_000, counterMax: 5_000 } as const;

interface Payload {
  challenge: { parameters: Record<string, unknown>; signature?: string };
  solution: { counter: number; derivedKey: string };
}

/** The payload's parts, or null when it is not one (never throws on input). */
function readPayload(raw: string): Payload | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > CAPTCHA_PAYLOAD_MAX) return null;
  try {
    const p = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Partial<Payload> | null;
    const params = p?.challenge?.parameters;
    if (!p || typeof p !== 'object' || !params || typeof params !== 'object' || Array.isArray(params)) return null;
    if (typeof p.challenge?.signature !== 'string' || !/^[0-9a-f]{16,128}$/.test(p.challenge.signature)) return null;
    if (params.algorithm !== ALGORITHM) return null;
    const s = p.solution;
    if (!s || typeof s !== 'object' || !Number.isInteger(s.counter) || typeof s.derivedKey !== 'string') return null;
    return p as Payload;
  } catch {
    return null;
  }
}

export class AltchaCaptcha implements CaptchaProvider {
  readonly name = 'altcha';
  private readonly secret: () => Promise<string>;
  private sinceSweep = 0;
  private readonly cost: number;
  private readonly counterMin: number;
  private readonly counterMax: number;

  constructor(
    private readonly db: Kysely<DB>,
    opts: AltchaOptions = {},
  ) {
    this.cost = opts.cost ?? ALTCHA_DEFAULTS.cost;
    this.counterMin = opts.counterMin ?? ALTCHA_DEFAULTS.counterMin;
    this.counterMax = opts.counterMax ?? ALTCHA_DEFAULTS.counterMax;
    this.secret = storedSecret(db, SECRET_NAME, opts.secret);
  }

  async issue(): Promise<CaptchaChallenge> {
    const secret = await this.secret();
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: this.cost,
      counter: randomInt(this.counterMin, this.counterMax),
      deriveKey,
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: `${secret}:key`,
    });
    return challenge as unknown as CaptchaChallenge;
  }

  async check(raw: string): Promise<CaptchaCheck> {
    const p = readPayload(raw);
    if (!p) return 'invalid';
    const verdict = await this.verify(p);
    if (verdict !== 'ok') return verdict;
    const spent = await this.db
      .selectFrom('captcha_spent')
      .select('signature')
      .where('signature', '=', p.challenge.signature!)
      .executeTakeFirst();
    return spent ? 'spent' : 'ok';
  }

  async consume(raw: string): Promise<boolean> {
    const p = readPayload(raw);
    if (!p || (await this.verify(p)) !== 'ok') return false;
    if (++this.sinceSweep >= SWEEP_EVERY) {
      this.sinceSweep = 0;
      await sql`delete from captcha_spent where expires_at <= now()`.execute(this.db);
    }
    const expiresSec = Number(p.challenge.parameters.expiresAt);
    const expiresAt = new Date(Number.isFinite(expiresSec) ? expiresSec * 1000 : Date.now() + CAPTCHA_TTL_MS);
    const row = await this.db
      .insertInto('captcha_spent')
      .values({ signature: p.challenge.signature!, expires_at: expiresAt })
      .onConflict((oc) => oc.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    return row !== undefined;
  }

  private async verify(p: Payload): Promise<'ok' | 'invalid' | 'expired'> {
    const secret = await this.secret();
    try {
      const r = await verifySolution({
        challenge: p.challenge as never,
        solution: p.solution,
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: `${secret}:key`,
      });
      if (r.verified) return 'ok';
      // Expiry is read from the signed parameters only after the signature holds.
      return r.expired && r.invalidSignature === null ? 'expired' : 'invalid';
    } catch {
      // Parameters the library refuses (a forged algorithm or cost): not a solution.
      return 'invalid';
    }
  }
}
