import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionQueryKey, sessionQueryOptions } from '../../api/get-session';
import { login } from '../../api/login';
import { logout } from '../../api/logout';
import { registerShopper } from '../../api/register';
import { forgetShopCart } from '../../api/shop-cart-key';
import type { LoginRequest, SessionReply, SessionUser } from '../../contracts/session';
import { usePainted } from '../../ui/after-paint';
import { useToast } from '../../ui/toast/toast-context';
import { forgetCatalogCache } from '../../device/forget-catalog-cache';

export interface Session {
  user: SessionUser | null;
  /** Signed in as admin, cashier or installer: POS mode. */
  isStaff: boolean;
  /** The first GET /api/session has not answered yet. */
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
}

/** Who is signed in, from GET /api/session (cached; login and logout update it in place). */
export function useSession(): Session {
  // Asked once the first screen has painted (src/ui/after-paint.ts): until then nobody is signed
  // in, as while the read is on its way.
  const painted = usePainted();
  const q = useQuery({ ...sessionQueryOptions, enabled: painted });
  const user = q.data?.user ?? null;
  return {
    user,
    isStaff: user?.kind === 'staff',
    isLoading: q.isPending,
    error: q.error,
    refetch: () => void q.refetch(),
  };
}

/**
 * Another user's orders, cart or prices must never show after a sign-in change: drop all queries
 * but the session, the shopper cart kept for offline, and the service worker's catalog replies.
 */
function replaceSession(client: QueryClient, reply: SessionReply): void {
  forgetShopCart();
  forgetCatalogCache();
  // The staff token stays out of the cache (it lives in the device store).
  client.setQueryData(sessionQueryKey, { user: reply.user, csrfToken: reply.csrfToken });
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
}

/**
 * The POS sign-in loads with the staff login page, not with a shopper's first page: it brings the
 * device store (Dexie) and the offline verifier (docs/decisions/storefront.md "Storefront first load").
 */
const staffSignInLater = (v: LoginRequest): Promise<SessionReply> =>
  import('./staff-sign-in').then((m) => m.staffSignIn(v));

/**
 * `const { mutateAsync } = useLogin(); await mutateAsync({ username, password })`; throws ApiError.
 * `staff`: the POS sign-in (staff-sign-in.ts): names the device, keeps the staff token and the
 * offline verifier, and signs in offline against it.
 */
export function useLogin(staff = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: staff ? staffSignInLater : login,
    onSuccess: (reply) => replaceSession(client, reply),
  });
}

/** Creates a shopper account and signs it in, like a login. */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({ mutationFn: registerShopper, onSuccess: (reply) => replaceSession(client, reply) });
}

/**
 * Ends the session; the cache forgets the user even when the call fails (e.g. offline). A failure
 * is toasted here, not by the caller: the caller's screen is usually gone by then.
 */
export function useLogout() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: logout,
    onError: (err) => toast.error(err.message),
    onSettled: () => replaceSession(client, { user: null, csrfToken: null }),
  });
}
