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
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

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

/** Reply of POST /api/session and GET /api/session (user null and no token when signed out). */
export const sessionReplySchema = z.object({
  user: z.nullable(sessionUserSchema),
  csrfToken: z.nullable(z.string()),
});
export type SessionReply = z.infer<typeof sessionReplySchema>;

/** Header every state-changing call must carry, equal to the session's csrfToken. */
export const CSRF_HEADER = 'X-CSRF-Token';
