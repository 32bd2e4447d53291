import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MutationNoticesContext } from '../device/mutation-notices';
import { useToast } from '../ui/toast/toast-context';
import { ToastProvider } from '../ui/toast/toast-provider';
import { InsecureOriginNotice } from './insecure-origin-notice';
import { UpdatePrompt } from './sw/update-prompt';
import { UpdatePromptMounted } from './sw/update-prompt-mounted';

/** A refused change (src/device/use-run-mutation.ts) shows as an error toast. */
function MutationToasts({ children }: { children: ReactNode }) {
  const toast = useToast();
  return <MutationNoticesContext.Provider value={toast}>{children}</MutationNoticesContext.Provider>;
}

/**
 * Root route: toasts (inside the router so their action links navigate), scroll restoration and
 * the "New version available — reload" prompt (on every screen, POS and storefront), and the notice
 * that an http:// address keeps the POS from working offline.
 */
export function RootLayout() {
  return (
    <ToastProvider>
      <InsecureOriginNotice />
      <UpdatePromptMounted.Provider value={true}>
        <MutationToasts>
          <Outlet />
        </MutationToasts>
      </UpdatePromptMounted.Provider>
      <ScrollRestoration />
      <UpdatePrompt />
    </ToastProvider>
  );
}
