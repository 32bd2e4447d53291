import { z } from 'zod';
import { request } from './http';

/**
 * The captcha's challenge, GET index.php?route=tool/captcha (storefront.md §7; an ALTCHA
 * proof-of-work challenge, not an image: docs/decisions/server.md "Captcha: ALTCHA proof of work").
 */
const challengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof challengeSchema>;

export function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return request('/index.php?route=tool/captcha', challengeSchema, signal ? { signal } : {});
}
