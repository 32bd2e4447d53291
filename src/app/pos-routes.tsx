import { Navigate, type RouteObject } from 'react-router';

/**
 * Children of /pos (all behind the staff guard of PosLayout). Real screens load lazily from
 * their area; the rest are later issues and say so.
 */
export const posChildren: RouteObject[] = [
  { index: true, element: <Navigate to="order" replace /> },
  { path: 'cart', lazy: async () => ({ Component: (await import('../pos/cart/cart-page')).CartPage }) },
  { path: 'order', lazy: async () => ({ Component: (await import('../pos/orders/orders-page')).OrdersPage }) },
  {
    path: 'order/view',
    lazy: async () => ({ Component: (await import('../pos/order-view/order-view-page')).OrderViewPage }),
  },
  {
    path: 'order/continue',
    lazy: async () => ({ Component: (await import('../pos/order-view/continue-order-page')).ContinueOrderPage }),
  },
  {
    path: 'order/receipt',
    lazy: async () => ({ Component: (await import('../pos/receipt/receipt-page')).ReceiptPage }),
  },
  {
    path: 'order/invoice',
    lazy: async () => ({ Component: (await import('../pos/receipt/invoice-page')).InvoicePage }),
  },
  { path: 'order/done', lazy: async () => ({ Component: (await import('../pos/receipt/done-page')).DonePage }) },
  // Online orders at the counter (docs/decisions/pos.md "Online orders at the counter").
  {
    path: 'order/pick',
    lazy: async () => ({ Component: (await import('../pos/online-orders/pick-list-page')).PickListPage }),
  },
  { path: 'checkout', lazy: async () => ({ Component: (await import('../pos/checkout/checkout-page')).CheckoutPage }) },
  {
    path: 'customer',
    lazy: async () => ({ Component: (await import('../pos/customers/customers-page')).CustomersPage }),
  },
  {
    path: 'customer/add',
    lazy: async () => ({ Component: (await import('../pos/customer-admin/customer-admin-page')).CustomerAdminPage }),
  },
  {
    path: 'customer/edit',
    lazy: async () => ({ Component: (await import('../pos/customer-admin/customer-admin-page')).CustomerAdminPage }),
  },
  {
    path: 'appointments',
    lazy: async () => ({ Component: (await import('../pos/appointments/appointments-page')).AppointmentsPage }),
  },
  {
    path: 'notifications',
    lazy: async () => ({ Component: (await import('../pos/notifications/notifications-page')).NotificationsPage }),
  },
  {
    path: 'gift-certificates',
    lazy: async () => ({
      Component: (await import('../pos/gift-certificates/gift-certificates-page')).GiftCertificatesPage,
    }),
  },
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }),
  },
  {
    path: 'settings/custom-fields',
    lazy: async () => ({ Component: (await import('../pos/custom-fields/custom-fields-page')).CustomFieldsPage }),
  },
  // The admin's kiosk settings and video report, and custom forms (docs/decisions/storefront.md).
  {
    path: 'settings/kiosk',
    lazy: async () => ({ Component: (await import('../pos/kiosk-admin/kiosk-admin-page')).KioskAdminPage }),
  },
  {
    path: 'settings/forms',
    lazy: async () => ({ Component: (await import('../pos/forms-admin/forms-admin-page')).FormsAdminPage }),
  },
];
