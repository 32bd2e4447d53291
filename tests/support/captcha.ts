/**
 * Solving the captcha as a browser would (docs/decisions/server.md "Captcha: ALTCHA proof of
 * work"): fetch a challenge from index.php?route=tool/captcha, find the counter with altcha-lib's
 * own solver, and answer the payload a form sends as captchaInput. The test servers issue cheap
 * challenges (CHEAP_CAPTCHA) so this takes milliseconds.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** Challenge costs for tests: a handful of one-iteration tries. */
export const CHEAP_CAPTCHA = { cost: 1, counterMin: 1, counterMax: 40 } as const;

export interface SolvedCaptcha {
  payload: string;
  challenge: { parameters: Record<string, unknown>; signature?: string };
  solution: { counter: number; derivedKey: string };
}

export const encodePayload = (p: { challenge: unknown; solution: unknown }): string =>
  Buffer.from(JSON.stringify(p)).toString('base64');

export async function solveCaptcha(baseUrl: string, headers: Record<string, string> = {}): Promise<SolvedCaptcha> {
  const r = await fetch(`${baseUrl}/index.php?route=tool/captcha`, { headers });
  if (r.status !== 200) throw new Error(`captcha challenge: ${r.status}`);
  const challenge = (await r.json()) as SolvedCaptcha['challenge'];
  const solved = await solveChallenge({ challenge: challenge as never, deriveKey });
  if (!solved) throw new Error('captcha: no solution');
  const solution = { counter: solved.counter, derivedKey: solved.derivedKey };
  return { payload: encodePayload({ challenge, solution }), challenge, solution };
}

/** The same challenge with a wrong key: a solution that does not hold. */
export function wrongSolution(s: SolvedCaptcha): string {
  const flipped = (s.solution.derivedKey[0] === '0' ? '1' : '0') + s.solution.derivedKey.slice(1);
  return encodePayload({ challenge: s.challenge, solution: { ...s.solution, derivedKey: flipped } });
}

/** The challenge with a parameter changed after signing (a forged expiry): the signature fails. */
export function forgedChallenge(s: SolvedCaptcha): string {
  const parameters = { ...s.challenge.parameters, expiresAt: Number(s.challenge.parameters.expiresAt) + 3600 };
  return encodePayload({ challenge: { ...s.challenge, parameters }, solution: s.solution });
}
