/**
 * Port for the captcha the Contact Us modal and custom forms show (storefront.md §5: "A captcha
 * is checked by the server before sending").
 *
 * Contract:
 * - `issue(previousId)` creates a new challenge (dropping the previous one of the same visitor)
 *   and returns its id, which the caller keeps in an httpOnly cookie, and the image to show.
 * - `check(id, answer)` compares case-insensitively. A right answer marks the challenge solved;
 *   a wrong one counts an attempt, and after MAX_ATTEMPTS the challenge is spent (a new image is
 *   needed). Unknown and expired ids are 'expired'.
 * - `consume(id)` is true once for a solved challenge, then forgets it: one message per solve.
 * - Each may answer at once or through a promise (a provider that keeps its challenges in the
 *   database, ./shared.ts, or asks a remote service).
 */
export type CaptchaCheck = 'ok' | 'mismatch' | 'expired' | 'spent';

export interface CaptchaImage {
  contentType: string;
  body: string | Buffer;
}

export interface Issued {
  id: string;
  image: CaptchaImage;
}

export interface CaptchaProvider {
  readonly name: string;
  issue(previousId?: string): Issued | Promise<Issued>;
  check(id: string | undefined, answer: string): CaptchaCheck | Promise<CaptchaCheck>;
  consume(id: string | undefined): boolean | Promise<boolean>;
}

export const CAPTCHA_MAX_ATTEMPTS = 5;
/** A challenge (solved or not) lives this long. */
export const CAPTCHA_TTL_MS = 10 * 60_000;
