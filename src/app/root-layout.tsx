import { Outlet, ScrollRestoration } from 'react-router';
import { ToastProvider } from '../ui/toast/toast-provider';

/** Root route: toasts (inside the router so their action links navigate) and scroll restoration. */
export function RootLayout() {
  return (
    <ToastProvider>
      <Outlet />
      <ScrollRestoration />
    </ToastProvider>
  );
}
