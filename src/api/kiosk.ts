/**
 * The kiosk's calls (storefront.md §7 "Kiosk"; docs/decisions/storefront.md "Kiosk"): the splash
 * video tracking record, the Reset's clearSession, and the POS's hand-over of a kiosk device to its
 * kiosk account. Loaded with the kiosk frame and the POS sign-out only (never the storefront entry).
 */
import * as z from 'zod/mini';
import type { KioskVideoRequest } from '../contracts/kiosk';
import { sessionReplySchema, type SessionReply } from '../contracts/session';
import { request, setCsrfToken } from './http';
import { forgetSession, setOfflineSignIn } from './session-cache';

const successSchema = z.object({ success: z.literal(true) });

/** POST /tool/kiosk/video: one video played (best effort: a kiosk offline drops the record). */
export async function recordKioskVideo(body: KioskVideoRequest): Promise<void> {
  await request('/tool/kiosk/video', successSchema, { method: 'POST', body });
}

/** GET /account/logout/clearSession: forgets this browser's shopper state on the server (the Reset). */
export async function clearKioskSession(): Promise<void> {
  await request('/account/logout/clearSession', successSchema);
}

/** POST /pos/kiosk/start: the staff session ends and the kiosk account's device session starts. */
export async function startKiosk(): Promise<SessionReply> {
  const reply = await request('/pos/kiosk/start', sessionReplySchema, { method: 'POST' });
  forgetSession(); // the staff member's cached session must not open the POS offline any more
  setOfflineSignIn(null);
  setCsrfToken(reply.csrfToken);
  return reply;
}
