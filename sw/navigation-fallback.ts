import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SHELL_DENYLIST } from './request-kinds';

/**
 * Every client route (/pos/order, /product/catalog, /index.php?route=...) opens from the precached
 * index.html, online or not. NavigationRoute matches `request.mode === 'navigate'` only, so a
 * fetch() to a path that is also a page (/pos/checkout) still reaches the server as a call.
 */
export function registerNavigationFallback(): void {
  const shell = createHandlerBoundToURL('/index.html');
  registerRoute(new NavigationRoute(shell, { denylist: [...SHELL_DENYLIST] }));
}
