/**
 * The captcha's texts, shared by the Contact Us modal, custom forms and their server calls
 * (storefront.md §5, §8: "Captcha: server error displayed under the captcha; otherwise 'An error
 * occurred while validating the captcha'"). The captcha is ALTCHA's proof of work
 * (docs/decisions/server.md "Captcha: ALTCHA proof of work"): the shopper ticks a box and the
 * browser does the work; the texts below are ours (the spec has none but the failure text).
 */
export { CAPTCHA_FAILED } from './contact';

export const CAPTCHA_LABEL = "I'm not a robot";
export const CAPTCHA_WORKING = 'Verifying...';
export const CAPTCHA_DONE = 'Verified';
export const CAPTCHA_NEEDED = 'Please confirm you are not a robot.';
export const CAPTCHA_MISMATCH = 'The verification failed. Please try again.';
export const CAPTCHA_EXPIRED = 'The verification has expired. Please confirm again.';
/** The longest captchaInput a call accepts (an ALTCHA payload is about 700 characters). */
export const CAPTCHA_INPUT_MAX = 4_000;
