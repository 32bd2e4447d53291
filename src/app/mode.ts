import { useSyncExternalStore } from 'react';
import { useSession } from './use-session';

/**
 * The app runs in one of three modes (DESIGN.md "app"):
 * - pos: a staff member is signed in (they win even on a kiosk device, so staff can reconfigure it);
 * - kiosk: this device was set up as a showroom kiosk (localStorage `partsdesk.kiosk` = '1');
 * - storefront: everyone else (shoppers, guests).
 */
export type Mode = 'storefront' | 'pos' | 'kiosk';

export const KIOSK_STORAGE_KEY = 'partsdesk.kiosk';
const KIOSK_EVENT = 'partsdesk:kiosk-change';

function readKioskFlag(): boolean {
  try {
    return localStorage.getItem(KIOSK_STORAGE_KEY) === '1';
  } catch {
    return false; // storage blocked (private mode): not a kiosk
  }
}

function subscribe(onChange: () => void): () => void {
  // 'storage' covers other tabs; the custom event covers this tab (storage events skip the writer).
  window.addEventListener('storage', onChange);
  window.addEventListener(KIOSK_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(KIOSK_EVENT, onChange);
  };
}

/** Staff turn a device into a kiosk (or back). Kept per device, not per user. */
export function setKioskDevice(on: boolean): void {
  if (on) localStorage.setItem(KIOSK_STORAGE_KEY, '1');
  else localStorage.removeItem(KIOSK_STORAGE_KEY);
  window.dispatchEvent(new Event(KIOSK_EVENT));
}

export function useKioskDevice(): boolean {
  return useSyncExternalStore(subscribe, readKioskFlag, () => false);
}

export function useMode(): Mode {
  const { isStaff } = useSession();
  const kiosk = useKioskDevice();
  if (isStaff) return 'pos';
  return kiosk ? 'kiosk' : 'storefront';
}
