/**
 * Port for the captcha the Contact Us modal and custom forms use (storefront.md §5: "A captcha is
 * checked by the server before sending"; docs/decisions/server.md "Captcha: ALTCHA proof of work").
 *
 * Contract:
 * - `issue()` creates a challenge: a JSON object the browser solves (proof of work) and sends
 *   back as `captchaInput`, the base64 of `{challenge, solution}` (ALTCHA's payload).
 * - `check(payload)` verifies a payload without spending it: 'ok', 'invalid' (malformed, forged
 *   or a wrong solution), 'expired', or 'spent' (a message already used it).
 * - `consume(payload)` verifies and spends it: true once per challenge across every server
 *   process (the spent list is a table); false for anything `check` would not call 'ok'.
 * Challenges are signed with HMAC, so any process verifies any other's: nothing is kept per
 * challenge until it is spent.
 */
export type CaptchaCheck = 'ok' | 'invalid' | 'expired' | 'spent';

export interface CaptchaProvider {
  readonly name: string;
  issue(): Promise<CaptchaChallenge>;
  check(payload: string): Promise<CaptchaCheck>;
  consume(payload: string): Promise<boolean>;
}

/** What GET index.php?route=tool/captcha answers: ALTCHA's v2 challenge, as the solver takes it. */
export interface CaptchaChallenge {
  parameters: Record<string, unknown>;
  signature?: string;
}

/** A challenge lives this long (solved or not). */
export const CAPTCHA_TTL_MS = 10 * 60_000;
/** The longest captchaInput accepted: a payload is about 700 characters. */
export const CAPTCHA_PAYLOAD_MAX = 4_000;
