import { Link } from 'react-router';
import { buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';

/** A shopper's page that needs a signed-in account: why, and a Login button to the sign-in page. */
export function LoginPrompt({ title, className }: { title: string; className?: string }) {
  return (
    <section className={className}>
      <EmptyState title={title}>
        <Link to="/account/login" className={buttonClassName('primary')}>
          Login
        </Link>
      </EmptyState>
    </section>
  );
}
