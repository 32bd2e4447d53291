import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInAgainName } from '../../api/session-cache';
import { loginRequestSchema } from '../../contracts/session';
import { Spinner } from '../../ui/spinner';
import { OnlineIndicator } from '../sync-status/online-indicator';
import { useLogout, useSession } from '../session/use-session';
import { LoginForm } from './login-form';
import { safeRedirect } from './safe-redirect';
import styles from './login.module.css';

/**
 * /pos/login. After signing in it goes to `redirect` or the orders list. Arriving with a staff
 * session already (a bookmark) forwards at once, except right after Log out, which comes here
 * with `state.signedOut` while the session is still being ended.
 */
export function StaffLoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { isStaff, isLoading, user } = useSession();
  const target = safeRedirect(params.get('redirect'), '/pos/order');
  const state = location.state as { signedOut?: boolean; endSession?: boolean } | null;
  const signingOut = state?.signedOut === true;
  // Log out (src/features/session/sign-out-button.tsx) ends the session here, once no guarded
  // screen is left to bounce to /pos/login?redirect=<that screen>.
  const logout = useLogout();
  const ended = useRef(false);
  const endSession = state?.endSession === true && isStaff;
  useEffect(() => {
    if (!endSession || ended.current) return;
    ended.current = true;
    logout.mutate();
  }, [endSession, logout]);
  // Someone signed in offline whose session the server did not confirm (src/api/get-session.ts).
  const again = signInAgainName();

  if (isLoading) return <Spinner />;
  if (isStaff && !signingOut) return <Navigate to={target} replace />;

  return (
    <div className={styles.posScreen}>
      <main className={styles.page}>
        <h1 className={styles.title}>Partsdesk POS</h1>
        <p>
          <OnlineIndicator />
        </p>
        {user?.kind === 'customer' && (
          <p className={styles.alert}>
            You are signed in as a shopper ({user.name}). Log in with a staff account to use the POS.
          </p>
        )}
        {again && (
          <p className={styles.notice} role="status">
            {again} signed in while this device was offline. Sign in again now that it is back online.
          </p>
        )}
        <LoginForm
          staff
          usernameLabel="Username"
          usernameType="text"
          schema={loginRequestSchema}
          onSignedIn={(reply) => {
            if (reply.user?.kind === 'staff') void navigate(target, { replace: true });
          }}
        />
      </main>
    </div>
  );
}
