/**
 * Offline staff sign-in (docs/decisions/sync.md "Offline staff sign-in"; docs/security.md "Staff
 * tokens and offline sign-in"). After an online staff sign-in that returned a staff token, the
 * device stores the token and a verifier of the password: PBKDF2-SHA-256 (WebCrypto) with a random
 * 16-byte salt and VERIFIER_ITERATIONS iterations. Offline, a staff member whose verifier is under
 * OFFLINE_SIGN_IN_MS old signs in by deriving it again from what they typed.
 *
 * Must stay true: the password and the server's hash are never stored; a wrong password and a
 * missing record take a derivation each (same cost); the comparison is constant time. WebCrypto
 * exists only in secure contexts (https, localhost): elsewhere nothing is remembered and offline
 * sign-in is unavailable (tablets use https, docs/operations.md).
 */
import type { SessionReply, SessionUser } from '../contracts/session';
import type { PartsdeskDb } from '../db/database';
import { findStaffSignIn, normaliseUsername, putStaffSignIn } from '../db/staff-sign-ins';

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256; ~0.3 s on a mid-range tablet, once per sign-in. */
export const VERIFIER_ITERATIONS = 600_000;
/** A staff member may sign in offline this long after their last online sign-in on the device. */
export const OFFLINE_SIGN_IN_MS = 14 * 86_400_000;

const subtle = (): SubtleCrypto | null => (typeof crypto !== 'undefined' && crypto.subtle ? crypto.subtle : null);

const toB64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(s: SubtleCrypto, password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await s.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await s.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * After an online staff sign-in: keeps the token the server issued for this device and a fresh
 * verifier of `password`. Nothing when the reply has no token (a server before tokens, a shopper).
 */
export async function rememberStaffSignIn(
  db: PartsdeskDb,
  password: string,
  reply: SessionReply,
  now: number,
): Promise<void> {
  const user = reply.user;
  if (!user || user.kind !== 'staff' || !reply.staffToken) return;
  const s = subtle();
  let verifier;
  if (s) {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const hash = await derive(s, password, salt, VERIFIER_ITERATIONS);
    verifier = {
      salt: toB64(salt),
      iterations: VERIFIER_ITERATIONS,
      hash: toB64(hash),
      signedInAt: new Date(now).toISOString(),
    };
  }
  await putStaffSignIn(db, {
    userId: user.id,
    username: normaliseUsername(user.username),
    user,
    token: reply.staffToken.token,
    tokenExpiresAt: reply.staffToken.expiresAt,
    ...(verifier ? { verifier } : {}),
  });
}

export type OfflineSignIn =
  | { ok: true; user: SessionUser }
  /** `unknown`: nobody with that name signed in here in the window; `wrong`: the password does not match. */
  | { ok: false; reason: 'unknown' | 'wrong' | 'unsupported' };

/** Checks `password` against the device's verifier for `username`. */
export async function signInOffline(
  db: PartsdeskDb,
  username: string,
  password: string,
  now: number,
): Promise<OfflineSignIn> {
  const s = subtle();
  if (!s) return { ok: false, reason: 'unsupported' };
  const record = await findStaffSignIn(db, username);
  const v = record?.verifier;
  const fresh =
    v !== undefined && now - Date.parse(v.signedInAt) < OFFLINE_SIGN_IN_MS && Date.parse(v.signedInAt) <= now;
  // Derive even without a usable record: the answer takes the same time either way.
  const salt = v ? fromB64(v.salt) : new Uint8Array(16);
  const hash = await derive(s, password, salt, v?.iterations ?? VERIFIER_ITERATIONS);
  if (!record || !v || !fresh) return { ok: false, reason: 'unknown' };
  return sameBytes(hash, fromB64(v.hash)) ? { ok: true, user: record.user } : { ok: false, reason: 'wrong' };
}
