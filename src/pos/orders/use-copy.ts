import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_LABEL_RESET_MS } from '../../domain/constants';

/**
 * The Clipboard API, else the old selection + execCommand('copy') way: the POS is often reached
 * over plain http on the shop's network, which is not a secure context, so
 * navigator.clipboard is missing there.
 */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or no focus: try the fallback below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** copy(text) puts text on the clipboard; `copied` is true for COPIED_LABEL_RESET_MS afterwards (spec §9). */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    const ok = await writeClipboard(text);
    if (ok) {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_LABEL_RESET_MS);
    }
    return ok;
  }, []);
  return { copied, copy };
}
