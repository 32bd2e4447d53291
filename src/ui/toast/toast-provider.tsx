import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '../../domain/constants';
import { ToastContext, type ToastApi, type ToastKind, type ToastOptions } from './toast-context';
import { DEFAULT_TITLES, pushToast, toastTitle, type ToastItem } from './toast-list';
import styles from './toast.module.css';

const loadViewport = () => import('./toast-viewport');
// A chunk that cannot load (offline on a stale cache) must not take the screen down: plain text instead.
const ToastViewport = lazy(() =>
  loadViewport()
    .then((m) => ({ default: m.ToastViewport }))
    .catch(() => ({ default: PlainToasts })),
);

function PlainToasts({ toasts }: { toasts: ToastItem[] }) {
  return (
    <div className={styles.viewport} role="status">
      {toasts.map((t) => (
        <p key={t.id} className={`${styles.toast} ${styles[t.kind]}`}>
          {t.title && <strong>{t.title}</strong>} {t.text}
        </p>
      ))}
    </div>
  );
}

/**
 * Owns the visible toasts (at most 3; spec section 9); toast-viewport.tsx renders them with Radix
 * Toast, loaded lazily to keep it out of the storefront's first load. Mount inside the router:
 * action links are react-router Links.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const show = useCallback((kind: ToastKind, text: string, opts: ToastOptions = {}) => {
    const title = opts.title ?? DEFAULT_TITLES[kind];
    const item: ToastItem = {
      id: nextId.current++,
      kind,
      title: toastTitle(title, text),
      text,
      duration: opts.duration ?? TOAST_AUTO_CLOSE_MS,
      actions: opts.actions ?? [],
    };
    setToasts((list) => pushToast(list, item, TOAST_LIMIT));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ success: (text, opts) => show('success', text, opts), error: (text, opts) => show('error', text, opts) }),
    [show],
  );

  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));

  // Radix loads when the browser is idle after start, or at once for the first toast.
  useEffect(() => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void) => number };
    const preload = () => void loadViewport();
    if (w.requestIdleCallback) w.requestIdleCallback(preload);
    else setTimeout(preload, 2000);
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} dismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
