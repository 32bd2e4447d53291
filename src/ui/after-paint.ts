/**
 * "After the first screen has painted": what a page does not need for its main content (header
 * search and cart, the fitment block, a card's fitment button, the session and compare reads) waits
 * for this, so a phone spends its first seconds on the listing or product it came for. Lighthouse
 * counts every request and script started before the largest paint as part of that paint; a
 * request started after it costs nothing there (docs/decisions/storefront.md "Storefront first
 * load").
 *
 * The gate opens by itself one frame after React's first commit (the first usePainted effect; the
 * mode provider at the root has one), so the frame that shows the page paints first. main.tsx
 * renders only once the route's code and first data are in (src/app/first-render.ts), so that
 * frame is the page itself.
 */
import { lazy, startTransition, useEffect, useState, type ComponentType } from 'react';

let open = false;
let scheduled = false;
let serverRender = false;
/** React has committed a first frame (a usePainted effect ran): the paint to wait for is next. */
let committed = false;

/**
 * For the server's first-screen renderer (src/app/ssr/first-screen.tsx): nothing there ever paints,
 * so the gate stays shut for good; every render is a first frame, and what waits for the paint
 * never loads in that process.
 */
export function keepFirstFrame(): void {
  serverRender = true;
}
const listeners = new Set<() => void>();
const waiting: (() => void)[] = [];

function openGate(): void {
  if (open) return;
  open = true;
  for (const resolve of waiting.splice(0)) resolve();
  for (const fn of [...listeners]) fn();
}

function schedule(): void {
  if (open || scheduled) return;
  if (serverRender) return;
  scheduled = true;
  // Without frames at all (a test DOM, Node) there is no paint to wait for.
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(openGate, 0);
    return;
  }
  // requestAnimationFrame runs just before the next paint; the timeout after it, once painted.
  // A hidden tab gets no frames: a short timer opens the gate there.
  const fallback = setTimeout(openGate, 200);
  requestAnimationFrame(() => {
    clearTimeout(fallback);
    setTimeout(openGate, 0);
  });
}

/**
 * The count starts at the first commit, not when a render first asks: main.tsx renders the first
 * frame as a transition, in slices, and a frame painted between two slices (still the server's
 * HTML) must not open the gate before the page it waits for is on screen. A browser where nothing
 * commits within 5 s (no React screen at all) opens it anyway.
 */
function scheduleOnceCommitted(): void {
  if (committed || typeof requestAnimationFrame !== 'function') schedule();
  else if (!open && !scheduled && !serverRender) commitFallback ??= setTimeout(openGate, 5000);
}
let commitFallback: ReturnType<typeof setTimeout> | null = null;

/** Resolves once the first screen has painted (at once after that). */
export function afterPaint(): Promise<void> {
  if (open) return Promise.resolve();
  scheduleOnceCommitted();
  return new Promise((resolve) => waiting.push(resolve));
}

/**
 * False during the first screen's render and paint, true from then on. The switch is a transition:
 * React renders what it starts (reads, the rest of the page) in slices that leave the main thread
 * free for a tap, not in one long task.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(open);
  useEffect(() => {
    const update = () => startTransition(() => setPainted(true));
    if (open) {
      update();
      return;
    }
    listeners.add(update);
    committed = true;
    if (commitFallback) clearTimeout(commitFallback);
    schedule();
    return () => void listeners.delete(update);
  }, []);
  return painted;
}

/** React.lazy whose code starts loading only after the first screen has painted. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyAfterPaint<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy<T>(() => afterPaint().then(load));
}
