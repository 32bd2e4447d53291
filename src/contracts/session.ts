import * as z from 'zod/mini';

// zod/mini: the session loads with the storefront's first page (see contracts/paging.ts).

/** Roles (docs/architecture.md "Server"): staff roles run POS mode; customer is a shopper account. */
export const staffRoles = ['admin', 'cashier', 'installer'] as const;
export const roleSchema = z.enum(['admin', 'cashier', 'installer', 'customer', 'kiosk', 'guest']);
export type Role = z.infer<typeof roleSchema>;

/** POST /api/session — staff sign in with their username, shoppers with their email. */
export const loginRequestSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required')),
  password: z.string().check(z.minLength(1, 'Password is required')),
  /**
   * A POS device's sync client id (additive): a staff sign-in then gets a staff token bound to it,
   * which the device stamps on the changes it queues (docs/decisions/sync.md "Staff tokens: who
   * made a queued change").
   */
  deviceId: z.optional(z.uuid()),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** GET /api/session?deviceId=: a staff member's POS device renews its staff token. */
export const sessionQuerySchema = z.object({ deviceId: z.optional(z.uuid()) });

export const sessionUserSchema = z.object({
  /** Staff and device: the staff user id; customer: the customer's uuid. */
  id: z.string(),
  /** device: a showroom kiosk's account (role kiosk): a shopper's rights, never staff (server/auth/permissions.ts). */
  kind: z.enum(['staff', 'customer', 'device']),
  username: z.string(),
  name: z.string(),
  role: roleSchema,
  locationId: z.nullable(z.number().check(z.int())),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A signed, expiring token naming a staff member and one device (server/services/session/staff-tokens.ts). */
export const staffTokenSchema = z.object({ token: z.string().check(z.maxLength(1000)), expiresAt: z.string() });
export type StaffToken = z.infer<typeof staffTokenSchema>;

/** Reply of POST /api/session and GET /api/session (user null and no token when signed out). */
export const sessionReplySchema = z.object({
  user: z.nullable(sessionUserSchema),
  csrfToken: z.nullable(z.string()),
  /** Staff only, when the request named its device (login's deviceId, GET's ?deviceId=): a fresh token. */
  staffToken: z.optional(staffTokenSchema),
});
export type SessionReply = z.infer<typeof sessionReplySchema>;

/** Header every state-changing call must carry, equal to the session's csrfToken. */
export const CSRF_HEADER = 'X-CSRF-Token';
