import { lazy, Suspense, useEffect } from 'react';
import { afterPaint } from './after-paint';
import type { ModalProps } from './modal-props';

const loadDialog = () => import('./modal-dialog');
// One retry: a chunk request can fail on a flaky connection; the service worker precaches it.
const ModalDialog = lazy(() =>
  loadDialog()
    .catch(loadDialog)
    .then((m) => ({ default: m.ModalDialog })),
);
let preloadScheduled = false;

/**
 * Radix Dialog with focus trap, Escape to close and an accessible title (modal-dialog.tsx). Its
 * code is a chunk of its own, loaded when the browser is idle after the first screen with a modal
 * and at once on the first open, so a screen that only might open one (every product card has a
 * fitment modal) does not carry Radix in the storefront's first load.
 */
export function Modal(props: ModalProps) {
  useEffect(() => {
    if (preloadScheduled) return;
    preloadScheduled = true;
    const w = window as Window & { requestIdleCallback?: (cb: () => void) => number };
    const preload = () => void loadDialog().catch(() => undefined);
    void afterPaint().then(() => {
      if (w.requestIdleCallback) w.requestIdleCallback(preload);
      else setTimeout(preload, 2000);
    });
  }, []);
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
