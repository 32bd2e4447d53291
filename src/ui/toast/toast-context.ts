import { createContext, useContext } from 'react';

/** A link shown in a toast, e.g. "View Order" -> /pos/order/view?order_id=1042. */
export interface ToastAction {
  label: string;
  to: string;
}

export interface ToastOptions {
  /** Milliseconds before it closes; default 3000 (payment errors pass PAYMENT_ERROR_TOAST_MS, 8000). */
  duration?: number;
  /** Replaces the default heading ("Success!" / "Uh oh!"), e.g. "Order Saved!" or "Payment Failed!". */
  title?: string;
  actions?: ToastAction[];
}

export type ToastKind = 'success' | 'error';

export interface ToastApi {
  success: (text: string, opts?: ToastOptions) => void;
  error: (text: string, opts?: ToastOptions) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** `const toast = useToast(); toast.success('Customer successfully saved!')`. Needs <ToastProvider>. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it (src/app mounts one in the root route).');
  return api;
}
