import { Outlet, ScrollRestoration } from 'react-router';
import { ToastProvider } from '../ui/toast/toast-provider';
import { UpdatePrompt } from './sw/update-prompt';
import { UpdatePromptMounted } from './sw/update-prompt-mounted';

/**
 * Root route: toasts (inside the router so their action links navigate), scroll restoration and
 * the "New version available — reload" prompt (on every screen, POS and storefront).
 */
export function RootLayout() {
  return (
    <ToastProvider>
      <UpdatePromptMounted.Provider value={true}>
        <Outlet />
      </UpdatePromptMounted.Provider>
      <ScrollRestoration />
      <UpdatePrompt />
    </ToastProvider>
  );
}
