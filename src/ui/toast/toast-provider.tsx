import * as Toast from '@radix-ui/react-toast';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '../../domain/constants';
import { ToastContext, type ToastApi, type ToastKind, type ToastOptions } from './toast-context';
import { DEFAULT_TITLES, pushToast, type ToastItem } from './toast-list';
import styles from './toast.module.css';

/**
 * Owns the visible toasts (at most 3; spec section 9) and renders them with Radix Toast, which
 * announces them, pauses on hover/focus and closes on swipe. Mount inside the router: action
 * links are react-router Links.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const show = useCallback((kind: ToastKind, text: string, opts: ToastOptions = {}) => {
    const item: ToastItem = {
      id: nextId.current++,
      kind,
      text,
      title: opts.title ?? DEFAULT_TITLES[kind],
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

  return (
    <ToastContext.Provider value={api}>
      <Toast.Provider duration={TOAST_AUTO_CLOSE_MS} swipeDirection="right" label="Notification">
        {children}
        {toasts.map((t) => (
          <Toast.Root
            key={t.id}
            className={`${styles.toast} ${styles[t.kind]}`}
            duration={t.duration}
            type={t.kind === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && dismiss(t.id)}
          >
            <Toast.Title className={styles.title}>{t.title}</Toast.Title>
            <Toast.Description className={styles.text}>{t.text}</Toast.Description>
            {t.actions.length > 0 && (
              <div className={styles.actions}>
                {t.actions.map((a) => (
                  <Toast.Action key={a.to + a.label} asChild altText={`${a.label}: ${a.to}`}>
                    <Link className={styles.action} to={a.to} onClick={() => dismiss(t.id)}>
                      {a.label}
                    </Link>
                  </Toast.Action>
                ))}
              </div>
            )}
            <Toast.Close className={styles.close} aria-label="Close">
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className={styles.viewport} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
