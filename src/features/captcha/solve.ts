/**
 * Solving the captcha in the browser (docs/decisions/server.md "Captcha: ALTCHA proof of work"):
 * altcha-lib's solver with WebCrypto's PBKDF2 finds the counter the server's challenge hides; the
 * answer is ALTCHA's payload, base64 of {challenge, solution}, sent as captchaInput.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { getCaptchaChallenge } from '../../api/captcha';

/** The payload, or an Error when the work could not be done (timeout, abort, no network). */
export async function solveCaptcha(controller: AbortController): Promise<string> {
  const challenge = await getCaptchaChallenge(controller.signal);
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('captcha not solved');
  const payload = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  return btoa(JSON.stringify(payload));
}
