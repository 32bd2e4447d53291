/**
 * The built-in captcha: five characters from an alphabet without look-alikes (no 0/O, 1/I/L),
 * drawn as an SVG with per-glyph rotation and noise lines, 175 px wide (§9). Challenges live in
 * memory (a restart asks the visitor for a new image, which the modal does anyway on failure),
 * at most MAX_LIVE of them, oldest dropped first, so a flood of image requests cannot grow memory.
 *
 * It deters casual form spam only: the text is in the SVG. A real provider plugs in behind the
 * same port (types.ts). `answerOf` exists for tests and the browser tests' page models.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { CAPTCHA_MAX_ATTEMPTS, CAPTCHA_TTL_MS, type CaptchaCheck, type CaptchaProvider } from './types';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 5;
const MAX_LIVE = 10_000;

interface Challenge {
  answer: string;
  expiresAt: number;
  attempts: number;
  solved: boolean;
}

/** Five characters from the alphabet without look-alikes. */
export function captchaText(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
}

export class SimulatedCaptcha implements CaptchaProvider {
  readonly name = 'simulator';
  private readonly live = new Map<string, Challenge>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(previousId?: string) {
    if (previousId) this.live.delete(previousId);
    this.sweep();
    const answer = captchaText();
    const id = randomUUID();
    this.live.set(id, { answer, expiresAt: this.now() + CAPTCHA_TTL_MS, attempts: 0, solved: false });
    return { id, image: { contentType: 'image/svg+xml', body: render(answer) } };
  }

  check(id: string | undefined, answer: string): CaptchaCheck {
    const c = id ? this.current(id) : undefined;
    if (!c) return 'expired';
    if (c.attempts >= CAPTCHA_MAX_ATTEMPTS) return 'spent';
    if (answer.trim().toUpperCase() === c.answer) {
      c.solved = true;
      return 'ok';
    }
    c.attempts++;
    return c.attempts >= CAPTCHA_MAX_ATTEMPTS ? 'spent' : 'mismatch';
  }

  consume(id: string | undefined): boolean {
    const c = id ? this.current(id) : undefined;
    if (!c?.solved || !id) return false;
    this.live.delete(id);
    return true;
  }

  answerOf(id: string): string | undefined {
    return this.current(id)?.answer;
  }

  private current(id: string): Challenge | undefined {
    const c = this.live.get(id);
    if (c && c.expiresAt <= this.now()) {
      this.live.delete(id);
      return undefined;
    }
    return c;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, c] of this.live) if (c.expiresAt <= now) this.live.delete(id);
    // Map iteration is insertion order: the first keys are the oldest challenges.
    for (const id of this.live.keys()) {
      if (this.live.size < MAX_LIVE) break;
      this.live.delete(id);
    }
  }
}

/** The challenge's picture (also the shared captcha's, ./shared.ts). */
export function render(text: string): string {
  const width = 175;
  const height = 50;
  const noise = Array.from({ length: 6 }, () => {
    const [x1, y1, x2, y2] = [randomInt(width), randomInt(height), randomInt(width), randomInt(height)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#${randomBytes(3).toString('hex')}" stroke-width="1.5"/>`;
  }).join('');
  const glyphs = [...text]
    .map((ch, i) => {
      const x = 18 + i * 30;
      const y = 34 + randomInt(-4, 5);
      return `<text x="${x}" y="${y}" transform="rotate(${randomInt(-18, 19)} ${x} ${y})">${ch}</text>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#f3f4f6"/>${noise}` +
    `<g font-family="monospace" font-size="28" font-weight="700" fill="#1f2937">${glyphs}</g></svg>`
  );
}
