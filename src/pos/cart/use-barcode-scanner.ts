import { useEffect, useRef, type RefObject } from 'react';

/** A scanner types fast: keys closer than this belong to one scan. */
const MAX_GAP_MS = 50;
const MIN_LENGTH = 4;

/**
 * A USB/Bluetooth barcode scanner is a keyboard that types the code and Enter within a few ms.
 * Anywhere on the screen (except inside another text field, where the keys are typing), a burst of
 * at least 4 characters ending in Enter is a scan. The part search field handles its own Enter.
 */
export function useBarcodeScanner(onScan: (code: string) => void, own: RefObject<HTMLElement | null>): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  });
  useEffect(() => {
    let buffer = '';
    let last = 0;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target === own.current || target.closest('input, textarea, select, [contenteditable="true"]')))
        return;
      const now = performance.now();
      if (now - last > MAX_GAP_MS) buffer = '';
      last = now;
      if (e.key === 'Enter') {
        if (buffer.length >= MIN_LENGTH) {
          e.preventDefault();
          handler.current(buffer);
        }
        buffer = '';
      } else if (e.key.length === 1) {
        buffer += e.key;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [own]);
}
