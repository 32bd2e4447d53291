/**
 * The kiosk calls (storefront.md §7 "Kiosk"; docs/decisions/storefront.md "Kiosk"):
 * - POST /tool/kiosk/video {video_id, start_date, end_date}: a splash video played; the kiosk
 *   device account only ('kiosk.track').
 * - GET /account/logout/clearSession: the kiosk's Reset. Whoever calls it loses the shopper state
 *   of this browser: the guest cart, codes and compare list (their row), the chosen vehicle and the
 *   pd_shopper cookie; a shopper account signed in here is signed out. A kiosk or staff session stays.
 *   A GET because the spec says so: it only ever forgets the caller's own state.
 * - POST /pos/kiosk/start (staff): hands this device to the shop's kiosk account: the staff session
 *   ends and a kiosk device session starts (the staff member's store's kiosk account, else the
 *   first), so the kiosk can push its Submit to Buy orders; 409 when the shop has no kiosk account.
 */
import type { FastifyInstance } from 'fastify';
import {
  kioskVideoRequestSchema,
  NO_KIOSK_ACCOUNT,
  type ClearSessionReply,
  type KioskVideoReply,
} from '../../src/contracts/kiosk';
import type { SessionReply } from '../../src/contracts/session';
import { SESSION_COOKIE } from '../auth/guard';
import { STAFF } from '../auth/access';
import { allow } from '../auth/permissions';
import { HttpError } from '../http/errors';
import { parse } from '../http/parse';
import type { KioskService } from '../services/kiosk/kiosk-service';
import type { SessionService } from '../services/session/session-service';
import { SHOPPER_COOKIE } from '../services/shop/shop-cart-shopper';
import { VEHICLE_COOKIE } from '../services/fitment/fitment-vehicle-store';

export interface KioskRouteOptions {
  kiosk: KioskService;
  sessions: SessionService;
  /** Secure flag: 'auto' sets it on HTTPS requests (server/config.ts). */
  secureCookies: boolean | 'auto';
  ttlMs: number;
}

export function kioskRoutes(app: FastifyInstance, opts: KioskRouteOptions): void {
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };

  app.post('/tool/kiosk/video', { config: { access: allow('kiosk.track') } }, async (req): Promise<KioskVideoReply> => {
    const body = parse(kioskVideoRequestSchema, req.body ?? {});
    await opts.kiosk.recordVideo(req.user?.id ?? '', body);
    return { success: true };
  });

  app.get(
    '/account/logout/clearSession',
    { config: { access: 'public' } },
    async (req, reply): Promise<ClearSessionReply> => {
      await opts.kiosk.clearGuest(req.cookies[SHOPPER_COOKIE] ?? null);
      if (req.user?.kind === 'customer' && req.session) {
        await opts.sessions.destroy(req.session.idHash);
        void reply.clearCookie(SESSION_COOKIE, cookie);
      }
      void reply.clearCookie(SHOPPER_COOKIE, cookie);
      void reply.clearCookie(VEHICLE_COOKIE, cookie);
      void reply.header('cache-control', 'no-store');
      return { success: true };
    },
  );

  app.post('/pos/kiosk/start', { config: { access: STAFF } }, async (req, reply): Promise<SessionReply> => {
    const user = await opts.kiosk.kioskAccount(req.user?.locationId ?? null);
    if (!user) throw new HttpError(409, 'no_kiosk_account', NO_KIOSK_ACCOUNT);
    if (req.session) await opts.sessions.destroy(req.session.idHash);
    const { cookie: value, csrfToken } = await opts.sessions.create(user);
    void reply.setCookie(SESSION_COOKIE, value, { ...cookie, maxAge: Math.floor(opts.ttlMs / 1000) });
    return { user, csrfToken };
  });
}
