/**
 * A staff member signs in on a POS device (docs/decisions/sync.md "Staff tokens: who made a queued
 * change" and "Offline staff sign-in"). Online: POST /api/session names the device (its sync client
 * id), and the staff token it returns is stored with a fresh offline verifier before the POS opens,
 * so the first change they queue already carries it. No answer at all (offline): the device checks
 * the password against its verifier; the server checks the session again at the next answer
 * (src/api/get-session.ts).
 */
import { ApiError } from '../../api/api-error';
import { login } from '../../api/login';
import { confirmedOnline, rememberSession, setOfflineSignIn } from '../../api/session-cache';
import type { LoginRequest, SessionReply } from '../../contracts/session';
import { randomUuid } from '../../db/ids';
import { ensureClientId } from '../../db/meta';
import { deviceDb } from '../../device/device-db';
import { rememberStaffSignIn, signInOffline } from '../../device/offline-sign-in';

export const OFFLINE_UNKNOWN_MESSAGE =
  'You are offline. Only staff who signed in on this device in the last 14 days can sign in until it is back online.';
export const OFFLINE_WRONG_MESSAGE = 'Incorrect username or password.';
const OFFLINE_UNSUPPORTED_MESSAGE = 'You are offline, and this browser cannot check a password offline.';

export async function staffSignIn(credentials: LoginRequest): Promise<SessionReply> {
  const db = deviceDb();
  const deviceId = await ensureClientId(db, randomUuid);
  let reply: SessionReply;
  try {
    reply = await login({ ...credentials, deviceId });
  } catch (err) {
    if (!(err instanceof ApiError) || !err.isNetwork) throw err;
    return offline(credentials);
  }
  confirmedOnline();
  // The sign-in stands even if the device cannot store the token (quota): its changes are then the session's.
  await rememberStaffSignIn(db, credentials.password, reply, Date.now()).catch(() => undefined);
  return reply;
}

async function offline(credentials: LoginRequest): Promise<SessionReply> {
  const checked = await signInOffline(deviceDb(), credentials.username, credentials.password, Date.now());
  if (!checked.ok) {
    const message =
      checked.reason === 'wrong'
        ? OFFLINE_WRONG_MESSAGE
        : checked.reason === 'unknown'
          ? OFFLINE_UNKNOWN_MESSAGE
          : OFFLINE_UNSUPPORTED_MESSAGE;
    throw new ApiError(0, { error: `offline_${checked.reason}`, message });
  }
  // No server session yet: no CSRF token, so nothing is pushed until the server confirms it.
  const reply: SessionReply = { user: checked.user, csrfToken: null };
  rememberSession(reply);
  setOfflineSignIn(checked.user.id);
  return reply;
}
