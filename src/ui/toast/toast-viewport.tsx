import * as Toast from '@radix-ui/react-toast';
import { Link } from 'react-router';
import { TOAST_AUTO_CLOSE_MS } from '../../domain/constants';
import type { ToastItem } from './toast-list';
import styles from './toast.module.css';

/**
 * The visible toasts, rendered with Radix Toast, which announces them, pauses on hover/focus and
 * closes on swipe. Its own chunk: toast-provider.tsx loads it when the first toast is shown (or
 * when the browser is idle), so Radix is not part of the storefront's first load.
 */
export function ToastViewport({ toasts, dismiss }: { toasts: ToastItem[]; dismiss: (id: number) => void }) {
  return (
    <Toast.Provider duration={TOAST_AUTO_CLOSE_MS} swipeDirection="right" label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`${styles.toast} ${styles[t.kind]}`}
          duration={t.duration}
          type={t.kind === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismiss(t.id)}
        >
          {t.title && <Toast.Title className={styles.title}>{t.title}</Toast.Title>}
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
  );
}
