import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../src/contracts/session';
import { forbidden, HttpError, unauthorized } from '../http/errors';
import type { SessionService } from '../services/session/session-service';
import { roleOf } from './access';

export const SESSION_COOKIE = 'pd_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller from the session cookie, then enforces the route's declared access and the
 * CSRF token. Order matters: who is asking (401/403) is answered before what they sent.
 */
export function installGuard(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (req) => {
    const cookie = req.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const found = await sessions.lookup(cookie);
    if (!found) return;
    req.user = found.user;
    req.session = { idHash: found.idHash, csrfToken: found.csrfToken };
  });

  // Staff see stock per location, reseller prices and (admin) cost in the same catalog replies
  // shoppers get: a shared cache (the service worker's catalog cache, a proxy) must not keep them.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.user?.kind === 'staff' && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'private, no-cache');
    done(null, payload);
  });

  app.addHook('preHandler', (req, _reply, done) => {
    const access = req.routeOptions.config.access;
    if (access === undefined) return done(); // static files and the not-found handler
    if (access !== 'public') {
      const role = roleOf(req.user);
      if (!access.includes(role)) {
        return done(role === 'guest' ? unauthorized() : forbidden());
      }
    }
    try {
      checkCsrf(req);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/**
 * A state-changing call made with a session must carry that session's CSRF token. Calls without a
 * session carry no ambient authority (the cookie is what a forged cross-site request would ride on).
 */
function checkCsrf(req: FastifyRequest): void {
  // The spec's GET calls that change data (void, save, cancel, ...) are checked like a POST.
  const safe = SAFE_METHODS.has(req.method) && !req.routeOptions.config.changesState;
  if (safe || req.routeOptions.config.csrfExempt) return;
  requireCsrf(req);
}

/**
 * The CSRF check itself, for a call the route options cannot mark: an `index.php?route=` GET that
 * changes data (server/http/index-php.ts). A call without a session passes (nothing to ride on).
 */
export function requireCsrf(req: FastifyRequest): void {
  if (!req.session) return;
  if (!csrfMatches(req.headers[CSRF_HEADER.toLowerCase()], req.session.csrfToken)) {
    throw new HttpError(
      403,
      'csrf',
      'Your session has expired or the request was not sent by Partsdesk. Reload and try again.',
    );
  }
}

/** Constant-time comparison (of fixed-length digests, so the length leaks nothing either). */
export function csrfMatches(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected)) && sent.length === expected.length;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only for calls that start a session (login): there is no token to echo yet. */
    csrfExempt?: boolean;
    /** A GET that changes data (the spec makes some so): it needs the CSRF token like a POST. */
    changesState?: boolean;
  }
}
