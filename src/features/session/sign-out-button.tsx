/**
 * The POS top bar's Log out (docs/decisions/sync.md "Offline staff sign-in"). While changes wait
 * in the outbox it first says how many and that they stay: they are sent when the device is back
 * online, under the name of whoever made them (their staff token), whoever signs in next.
 * Signing out works offline too (src/api/logout.ts): the server's session ends at the next answer.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useNavigate } from 'react-router';
import { sessionQueryKey } from '../../api/get-session';
import { startKiosk } from '../../api/kiosk';
import { forgetShopCart } from '../../api/shop-cart';
import { closeSyncConnection } from '../../device/sync-connection';
import { SyncContext } from '../../device/sync-context';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { useKioskDevice } from './mode';
import { useLogout } from './use-session';

export const waitingText = (n: number): string =>
  `${n} change${n === 1 ? '' : 's'} made on this device ${n === 1 ? 'waits' : 'wait'} to sync. ` +
  `${n === 1 ? 'It stays' : 'They stay'} on this device and ${n === 1 ? 'is' : 'are'} sent when it is back online, ` +
  `under the name of the staff member who made ${n === 1 ? 'it' : 'them'}.`;

export function SignOutButton({ className }: { className?: string | undefined }) {
  const sync = useContext(SyncContext);
  const logout = useLogout();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const pending = sync?.status?.pending ?? 0;
  const kiosk = useKioskDevice();
  const client = useQueryClient();

  // A kiosk device goes back to the showroom, under the shop's kiosk account (its orders can then
  // be pushed), never to the staff login (docs/decisions/storefront.md "Kiosk"). Offline or without
  // a kiosk account it is signed out and runs as a guest kiosk; its orders wait for a sign-in.
  const toKiosk = async () => {
    setAsking(false);
    await navigate('/product/catalog', { replace: true });
    closeSyncConnection();
    try {
      const reply = await startKiosk();
      forgetShopCart();
      client.setQueryData(sessionQueryKey, { user: reply.user, csrfToken: reply.csrfToken });
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    } catch {
      logout.mutate();
    }
  };

  // The login page ends the session once it is on screen (`endSession`, StaffLoginPage): cleared
  // while a guarded screen still showed, it bounced to /pos/login?redirect=<here> and the next
  // cashier landed on this cashier's page. Awaiting navigate() did not prevent it: the navigation
  // is a transition that waits for the login page's code, and an offline logout settles before it
  // commits (CI saw the next sign-in land on /pos/cart).
  const signOut = async () => {
    setAsking(false);
    // The next cashier's changes must not go out under this session; the queue stays in IndexedDB.
    closeSyncConnection();
    await navigate('/pos/login', { replace: true, state: { signedOut: true, endSession: true } });
  };

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => (pending > 0 ? setAsking(true) : void (kiosk ? toKiosk() : signOut()))}
        disabled={logout.isPending}
      >
        Log out
      </button>
      <Modal
        open={asking}
        onOpenChange={setAsking}
        title="Log out with changes waiting?"
        footer={
          <ModalFooter
            onCancel={() => setAsking(false)}
            onSave={() => void (kiosk ? toKiosk() : signOut())}
            saveLabel="Log out"
          />
        }
      >
        <p>{waitingText(pending)}</p>
      </Modal>
    </>
  );
}
