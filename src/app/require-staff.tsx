import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../ui/button';
import { ErrorState } from '../ui/empty-state';
import { Spinner } from '../ui/spinner';
import { useSession } from '../features/session/use-session';

/**
 * POS routes need a staff session; anyone else goes to /pos/login?redirect=<this page>. When the
 * session cannot be checked at all (server unreachable) it says so instead of logging staff out.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { isStaff, isLoading, error, user, refetch } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner label="Checking your session..." />;
  if (error && !user) {
    return (
      <ErrorState message="Could not reach the server to check your session.">
        <Button onClick={refetch}>Try again</Button>
      </ErrorState>
    );
  }
  if (!isStaff) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/pos/login?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}
