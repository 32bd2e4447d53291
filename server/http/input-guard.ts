/**
 * Text no handler should ever see, refused at the door with a 400 naming the field:
 * NUL characters and unpaired UTF-16 surrogates (PostgreSQL cannot store either: they answered
 * 500), and any one text value longer than MAX_TEXT characters (every staff and shopper text field
 * has its own, smaller limit in its contract; this is the floor under all of them). The sync push
 * has its own door (its mutations are refused one by one as conflicts, server/sync), so /sync/* is
 * left to it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export const MAX_TEXT = 10_000;
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSAFE_TEXT = 'Remove the control or invalid characters from this field.';
export const TEXT_TOO_LONG = `Too long: at most ${MAX_TEXT} characters.`;

/** The first bad text value of `value` as [field path, message], or null. */
export function badText(value: unknown, path: string[] = [], depth = 0): [string, string] | null {
  if (typeof value === 'string') {
    if (value.length > MAX_TEXT) return [path.join('.') || '_', TEXT_TOO_LONG];
    if (UNSAFE.test(value)) return [path.join('.') || '_', UNSAFE_TEXT];
    return null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (UNSAFE.test(key)) return [[...path, '_key'].join('.'), UNSAFE_TEXT];
    const found = badText(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function check(req: FastifyRequest): void {
  for (const part of [req.params, req.query, req.body]) {
    const found = badText(part);
    if (found) throw new HttpError(400, 'invalid_input', found[1], { [found[0]]: [found[1]] });
  }
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.url.startsWith('/sync/')) return done();
    try {
      check(req);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/** PostgreSQL's data exceptions (SQLSTATE class 22: out of range, invalid text, ...): the input's fault, never a 500. */
export function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
