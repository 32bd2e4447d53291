import type { Role, SessionUser } from '../../src/contracts/session';

/**
 * Every route declares who may call it in `config.access`; app.ts refuses to start when a route
 * forgets (see assertAccessDeclared), so no endpoint is open by omission.
 * - 'public': anyone, including guests without a session.
 * - a list of roles: the caller's role must be in it (guests are role 'guest').
 */
export type Access = 'public' | readonly Role[];

export const STAFF: readonly Role[] = ['admin', 'cashier', 'installer'];
export const SIGNED_IN: readonly Role[] = ['admin', 'cashier', 'installer', 'customer'];

export interface RequestSession {
  idHash: string;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    session: RequestSession | null;
  }
}

export function roleOf(user: SessionUser | null): Role {
  return user?.role ?? 'guest';
}
