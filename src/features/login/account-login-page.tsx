import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { shopCartQueryKey } from '../../api/shop-cart-key';
import type { ShopCartReply } from '../../contracts/shop-cart';
import { track } from '../marketing/track';
import { z } from 'zod';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../session/use-session';
import { LoginForm } from './login-form';
import { safeRedirect } from './safe-redirect';
import styles from './login.module.css';

// Shoppers sign in with their email in the `username` field of the same session call.
const shopperLoginSchema = z.object({
  username: z.string().trim().min(1, 'Email is required').email('Invalid email'),
  password: z.string().min(1, 'Password is required'),
});

/** /account/login: shopper sign-in; afterwards back to `redirect` or the catalog. */
export function AccountLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user, isLoading } = useSession();
  const target = safeRedirect(params.get('redirect'), '/product/catalog');

  if (isLoading) return <Spinner />;
  if (user?.kind === 'customer') return <Navigate to={target} replace />;

  return (
    <section className={styles.page} aria-labelledby="account-login-title">
      <h1 id="account-login-title" className={styles.title}>
        Account Login
      </h1>
      <LoginForm
        usernameLabel="Email"
        usernameType="email"
        schema={shopperLoginSchema}
        onSignedIn={(reply) => {
          // Staff who sign in here are sent to the POS, where they belong.
          if (reply.user?.kind === 'staff') void navigate('/pos/order', { replace: true });
          // §4: a checkout-step event, step 1 'Login', on customer login.
          else if (reply.user) track.checkoutProgress(1, 'Login', client.getQueryData<ShopCartReply>(shopCartQueryKey));
        }}
      />
      <p className={styles.footer}>
        {/* The way back (a product whose wishlist tap sent a guest here) survives registering too. */}
        New customer?{' '}
        <Link
          to={params.has('redirect') ? `/account/register?redirect=${encodeURIComponent(target)}` : '/account/register'}
        >
          Create an account
        </Link>
      </p>
    </section>
  );
}
