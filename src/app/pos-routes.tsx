import type { RouteObject } from 'react-router';
import { NotBuiltYet } from './not-built-yet';

/**
 * Children of /pos (all behind the staff guard of PosLayout). Real screens load lazily from
 * their area; the rest are later issues and say so.
 */
export const posChildren: RouteObject[] = [
  { index: true, element: <NotBuiltYet route="/pos" backTo="/pos/order" /> },
  { path: 'order', lazy: async () => ({ Component: (await import('../pos/orders/orders-page')).OrdersPage }) },
  { path: 'order/view', element: <NotBuiltYet route="/pos/order/view" /> },
  { path: 'order/continue', element: <NotBuiltYet route="/pos/order/continue" /> },
  { path: 'order/receipt', element: <NotBuiltYet route="/pos/order/receipt" /> },
  { path: 'order/invoice', element: <NotBuiltYet route="/pos/order/invoice" /> },
  { path: 'order/done', element: <NotBuiltYet route="/pos/order/done" /> },
  { path: 'checkout', element: <NotBuiltYet route="/pos/checkout" /> },
  { path: 'customer', element: <NotBuiltYet route="/pos/customer" /> },
  { path: 'customer/add', element: <NotBuiltYet route="/pos/customer/add" backTo="/pos/customer" /> },
  { path: 'customer/edit', element: <NotBuiltYet route="/pos/customer/edit" backTo="/pos/customer" /> },
  { path: 'settings', lazy: async () => ({ Component: (await import('./settings/settings-page')).SettingsPage }) },
];
