import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerRequestSchema } from '../../src/contracts/register';
import { loginRequestSchema, type SessionReply, type SessionUser } from '../../src/contracts/session';
import { SESSION_COOKIE } from '../auth/guard';
import { HttpError } from '../http/errors';
import { parse } from '../http/parse';
import type { AccountService } from '../services/account-service';
import type { SessionService } from '../services/session-service';

export interface SessionRouteOptions {
  sessions: SessionService;
  accounts: AccountService;
  secureCookies: boolean;
  ttlMs: number;
  /** Login attempts per minute per client address and username. */
  loginLimit: number;
}

export function sessionRoutes(app: FastifyInstance, opts: SessionRouteOptions): void {
  const { sessions } = opts;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secureCookies,
  };

  /** Starts a session for `user`. A fresh id every time: an id planted before login is never promoted. */
  async function signIn(req: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<SessionReply> {
    if (req.session) await sessions.destroy(req.session.idHash);
    const { cookie, csrfToken } = await sessions.create(user);
    void reply.setCookie(SESSION_COOKIE, cookie, { ...cookieOptions, maxAge: Math.floor(opts.ttlMs / 1000) });
    return { user, csrfToken };
  }

  app.get('/api/session', { config: { access: 'public' } }, (req): SessionReply => ({
    user: req.user,
    csrfToken: req.session?.csrfToken ?? null,
  }));

  app.post(
    '/api/session',
    {
      config: {
        access: 'public',
        csrfExempt: true,
        rateLimit: perMinute(opts.loginLimit, 'Too many login attempts. Wait a minute and try again.', (req) => {
          const username = (req.body as { username?: unknown } | undefined)?.username;
          return `${req.ip}|${typeof username === 'string' ? username.trim().toLowerCase() : ''}`;
        }),
      },
    },
    async (req, reply): Promise<SessionReply> => {
      const body = parse(loginRequestSchema, req.body);
      const user = await sessions.authenticate(body.username, body.password);
      if (!user) throw new HttpError(401, 'invalid_credentials', 'Incorrect username or password.');
      return signIn(req, reply, user);
    },
  );

  // Registration signs the new shopper in, exactly as a login does (same cookie, fresh id).
  app.post(
    '/api/account/register',
    {
      config: {
        access: 'public',
        csrfExempt: true,
        rateLimit: perMinute(opts.loginLimit, 'Too many attempts. Wait a minute and try again.'),
      },
    },
    async (req, reply): Promise<SessionReply> => {
      const body = parse(registerRequestSchema, req.body);
      return signIn(req, reply, await opts.accounts.register(body));
    },
  );

  app.delete('/api/session', { config: { access: 'public' } }, async (req, reply): Promise<SessionReply> => {
    if (req.session) await sessions.destroy(req.session.idHash);
    void reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { user: null, csrfToken: null };
  });
}

/** A per-minute limit answered with 429 and `message` (keyed by client address unless `key` says otherwise). */
function perMinute(max: number, message: string, key?: (req: FastifyRequest) => string) {
  return {
    max,
    timeWindow: 60_000,
    ...(key ? { keyGenerator: key } : {}),
    errorResponseBuilder: () => new HttpError(429, 'rate_limited', message),
  };
}
