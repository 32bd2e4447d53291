import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IP_BANNED_LOGIN, IP_BANNED_REGISTER } from '../../src/contracts/customer-ip';
import { registerRequestSchema } from '../../src/contracts/register';
import {
  loginRequestSchema,
  sessionQuerySchema,
  type SessionReply,
  type SessionUser,
} from '../../src/contracts/session';
import { SESSION_COOKIE } from '../auth/guard';
import { HttpError } from '../http/errors';
import { parse } from '../http/parse';
import type { AccountService } from '../services/session/account-service';
import type { SessionService } from '../services/session/session-service';
import type { StaffTokens } from '../services/session/staff-tokens';
import { MemoryHitCounter, type HitCounter } from '../services/session/hit-counter';

export interface SessionRouteOptions {
  sessions: SessionService;
  accounts: AccountService;
  /** Issues the staff token a POS device stamps on its queued changes (login and GET with a deviceId). */
  staffTokens: StaffTokens;
  /** Secure flag: 'auto' sets it on HTTPS requests (server/config.ts). */
  secureCookies: boolean | 'auto';
  ttlMs: number;
  /** Login attempts per minute per client address and username. */
  loginLimit: number;
  /** Where the per-address login window is counted; default this process's memory. */
  hits?: HitCounter;
  /** PUBLIC_URL: behind a proxy that rewrites Host, the Origin a login may come from. */
  publicUrl?: string | undefined;
  /**
   * The addresses shoppers use and the banned ones (docs/decisions/pos.md "Customer IP addresses and
   * tags"): a shopper's sign-in or registration from a banned address is refused, an accepted one noted.
   */
  customerIps?: {
    isBanned(ip: string | undefined): Promise<boolean>;
    record(customerId: string, ip: string | undefined): Promise<void>;
  };
}

/**
 * Login and registration are CSRF-exempt (no token exists yet), so they refuse what a page on
 * another site would send: a cross-site Sec-Fetch-Site, or an Origin that is not this server's
 * (login CSRF: signing the victim into the attacker's account). Tools without either header pass.
 */
function refuseCrossSite(req: FastifyRequest, publicUrl: string | undefined): void {
  const refused = new HttpError(
    403,
    'cross_site',
    'Sign in from Partsdesk itself: this form was sent by another site.',
  );
  if (req.headers['sec-fetch-site'] === 'cross-site') throw refused;
  const origin = req.headers.origin;
  if (origin === undefined) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  const publicHost = publicUrl ? new URL(publicUrl).host : null;
  if (host === null || (host !== req.headers.host && host !== publicHost)) throw refused;
}

export function sessionRoutes(app: FastifyInstance, opts: SessionRouteOptions): void {
  const { sessions } = opts;
  // Three usernames' worth per address: a shared counter (a shop's NAT) still signs its staff in,
  // a password spray across usernames stops after a few tries a minute.
  // Counted where every server process sees it (server/services/session/hit-counter.ts).
  const hits = opts.hits ?? new MemoryHitCounter();
  const perAddressMax = opts.loginLimit * 3;
  // Before the per-username limiter (a preHandler): a refused cross-site post counts for nobody.
  const sameSite = {
    preValidation: (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      try {
        refuseCrossSite(req, opts.publicUrl);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  };
  const door = async (req: FastifyRequest) => {
    if ((await hits.hit('login.address', req.ip, 60_000)).count > perAddressMax)
      throw new HttpError(429, 'rate_limited', 'Too many login attempts. Wait a minute and try again.');
  };
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secureCookies,
  };

  /** Starts a session for `user`. A fresh id every time: an id planted before login is never promoted. */
  async function signIn(
    req: FastifyRequest,
    reply: FastifyReply,
    user: SessionUser,
    deviceId?: string,
  ): Promise<SessionReply> {
    if (req.session) await sessions.destroy(req.session.idHash);
    const { cookie, csrfToken } = await sessions.create(user);
    void reply.setCookie(SESSION_COOKIE, cookie, { ...cookieOptions, maxAge: Math.floor(opts.ttlMs / 1000) });
    return { user, csrfToken, ...(await tokenFor(user, deviceId)) };
  }

  /** A staff member on a named device gets a fresh staff token (docs/decisions/sync.md "Staff tokens: who made a queued change"). */
  async function tokenFor(user: SessionUser | null, deviceId: string | undefined): Promise<Partial<SessionReply>> {
    if (!user || user.kind !== 'staff' || !deviceId) return {};
    return { staffToken: await opts.staffTokens.issue(user.id, deviceId) };
  }

  // ?deviceId= renews a signed-in staff member's token (a POS signed in for weeks keeps attributing).
  app.get('/api/session', { config: { access: 'public' } }, async (req): Promise<SessionReply> => {
    const q = parse(sessionQuerySchema, req.query ?? {});
    return {
      user: req.user,
      csrfToken: req.session?.csrfToken ?? null,
      ...(await tokenFor(req.user, q.deviceId)),
    };
  });

  app.post(
    '/api/session',
    {
      ...sameSite,
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
      await door(req);
      const body = parse(loginRequestSchema, req.body);
      const user = await sessions.authenticate(body.username, body.password);
      if (!user) throw new HttpError(401, 'invalid_credentials', 'Incorrect username or password.');
      // Asked after the password matched: a wrong password learns nothing about bans. Staff are never refused.
      if (user.kind === 'customer' && (await opts.customerIps?.isBanned(req.ip)))
        throw new HttpError(403, 'ip_banned', IP_BANNED_LOGIN);
      const signedIn = await signIn(req, reply, user, body.deviceId);
      if (user.kind === 'customer') await opts.customerIps?.record(user.id, req.ip);
      return signedIn;
    },
  );

  // Registration signs the new shopper in, exactly as a login does (same cookie, fresh id).
  app.post(
    '/api/account/register',
    {
      ...sameSite,
      config: {
        access: 'public',
        csrfExempt: true,
        rateLimit: perMinute(opts.loginLimit, 'Too many attempts. Wait a minute and try again.'),
      },
    },
    async (req, reply): Promise<SessionReply> => {
      await door(req);
      const body = parse(registerRequestSchema, req.body);
      if (await opts.customerIps?.isBanned(req.ip)) throw new HttpError(403, 'ip_banned', IP_BANNED_REGISTER);
      const user = await opts.accounts.register(body);
      const signedIn = await signIn(req, reply, user);
      await opts.customerIps?.record(user.id, req.ip);
      return signedIn;
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
